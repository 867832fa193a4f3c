import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../src/index.js';
import { startConsumer } from '../callbacks/consumer.js';
import { launchChromium, skipBrowser } from '../support/chromium.js';
import { startUpstream, type TestUpstream } from '../support/upstream.js';

const ARTIFACTS = new URL('../../artifacts/', import.meta.url);
const fixture = (path: string) => fileURLToPath(new URL(`../fixtures/${path}`, import.meta.url));
const ADMIN = 'documents-admin-token';

describe.skipIf(skipBrowser)('dashboard with several documents, drift and sent callbacks in a real headless Chromium', () => {
  let upstream: TestUpstream;
  let consumer: Awaited<ReturnType<typeof startConsumer>>;
  let mock: MockServer;
  let browser: Browser;
  let page: Page;
  let url: string;

  beforeAll(async () => {
    upstream = await startUpstream();
    consumer = await startConsumer((_path, response) => response.writeHead(200).end());
    // The proxy-tests Plant Store at / forwards to the real service; the shipping document at /ship.
    mock = await createMockServer({
      spec: [fixture('proxy-store.yaml'), `/ship=${fixture('multi/shipping.yaml')}`],
      proxy: `${upstream.url}/v1`,
      adminToken: ADMIN,
    });
    url = await mock.listen();
    ({ browser, page } = await launchChromium());
    await page.goto(`${url}/__mock/?token=${ADMIN}`);
    await page.locator('#live.on').waitFor({ timeout: 15_000 });
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await mock?.close();
    await consumer?.close();
    await upstream?.close();
  });

  const picker = () => page.locator('#document');

  it('offers a document picker naming every document', async () => {
    await page.locator('#document-picker').waitFor({ state: 'visible', timeout: 10_000 });
    expect(await picker().locator('option').allTextContents()).toEqual(['proxy-store (/)', 'shipping (/ship)']);
  });

  it('shows a drifting answer of the real service in the drift view, per document', async () => {
    upstream.drift = 'missing-field';
    const answer = await fetch(`${url}/plants`, {
      method: 'POST',
      headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
      body: '{"id": 7, "name": "Ficus", "tag": "tree"}',
    });
    expect(answer.headers.get('x-mock-drift')).toMatch(/^body: /);
    await page.locator('#drift-toggle').click();
    const row = page.locator('#drift-operations tr.drifting[data-operation="POST /plants"]');
    await row.waitFor({ timeout: 10_000 });
    expect(await row.locator('td.count').textContent()).toBe('1');
    expect(await row.locator('ul.drift-findings').textContent()).toMatch(/^body: .*name.*\(x1\)$/);
    expect(await page.locator('#drift-summary').textContent()).toBe(
      '1 of 1 answer(s) of the real service drifted from the document, in 1 operation(s)',
    );
    expect(await page.locator('#entries').isVisible()).toBe(false);
    await mkdir(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: fileURLToPath(new URL('drift.png', ARTIFACTS)), fullPage: true });
    // The other document's real service answered nothing.
    await picker().selectOption('shipping');
    await expect
      .poll(() => page.locator('#drift-summary').textContent(), { timeout: 10_000 })
      .toMatch(/^No answer of the real service yet/);
    expect(await page.locator('#drift-operations tbody tr').count()).toBe(0);
  });

  it('shows the picked document`s coverage', async () => {
    await page.locator('#coverage-toggle').click();
    expect(await page.locator('#drift').isVisible()).toBe(false);
    const operations = page.locator('#coverage-matrix tbody tr td:first-child');
    await expect.poll(() => operations.allTextContents(), { timeout: 10_000 }).toEqual(['GET /parcels/{id}']);
    await picker().selectOption('proxy-store');
    await expect.poll(() => operations.allTextContents(), { timeout: 10_000 }).toContain('POST /plants');
  });

  it('lists a sent webhook with the consumer`s outcome in the sent view', async () => {
    await page.locator('#sent-toggle').click();
    await expect.poll(() => page.locator('#sent-summary').textContent(), { timeout: 10_000 }).toBe('No callback or webhook sent yet.');
    const sent = await fetch(`${url}/__mock/webhooks/parcelShipped`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${consumer.url}/hooks` }),
    });
    expect(sent.status).toBe(200);
    const row = page.locator('#sent-deliveries tr.delivery');
    await row.first().waitFor({ timeout: 10_000 });
    expect(await row.count()).toBe(1);
    const cells = await row.first().locator('td').allTextContents();
    expect(cells.slice(1)).toEqual(['webhook shipping: parcelShipped', `POST ${consumer.url}/hooks`, '200', 'on-contract', '']);
    expect(await row.first().getAttribute('class')).toBe('delivery on-contract');
    expect(await page.locator('#sent-summary').textContent()).toBe('1 callback(s) and webhook(s) sent, 0 not answered on-contract');
    await page.screenshot({ path: fileURLToPath(new URL('sent.png', ARTIFACTS)), fullPage: true });
  });

  it('asks the state and scenario routes for the picked document', async () => {
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname + new URL(request.url()).search));
    await page.locator('#state-toggle').click();
    await picker().selectOption('shipping');
    await expect
      .poll(() => asked.filter((u) => u.startsWith('/__mock/state')).at(-1), { timeout: 10_000 })
      .toBe('/__mock/state?spec=shipping');
    expect(asked).toContain('/__mock/scenarios?spec=shipping');
    expect(await page.locator('#sent').isVisible()).toBe(false);
  });
});
