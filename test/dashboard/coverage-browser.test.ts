import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../src/index.js';
import { launchChromium, skipBrowser } from '../support/chromium.js';

const ARTIFACTS = new URL('../../artifacts/', import.meta.url);
const SHOP = fileURLToPath(new URL('../contract-coverage/fixtures/shop.yaml', import.meta.url));
const ADMIN = 'coverage-admin-token';

describe.skipIf(skipBrowser)('dashboard coverage view in a real headless Chromium', () => {
  let mock: MockServer;
  let browser: Browser;
  let page: Page;
  let url: string;

  beforeAll(async () => {
    mock = await createMockServer({ spec: SHOP, adminToken: ADMIN });
    url = await mock.listen();
    ({ browser, page } = await launchChromium());
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await mock?.close();
  });

  const send = (method: string, path: string, body?: string) =>
    fetch(`${url}${path}`, { method, headers: body ? { 'content-type': 'application/json' } : {}, ...(body ? { body } : {}) });
  const cell = (row: number, status: string) => page.locator(`#coverage-matrix tbody tr:nth-child(${row}) td[data-status="${status}"]`);

  it('shows the matrix of operations x statuses, updated live', async () => {
    await page.goto(`${url}/__mock/?token=${ADMIN}`);
    await page.locator('#live.on').waitFor({ timeout: 15_000 });
    await page.locator('#coverage-toggle').click();
    await page.locator('#coverage-matrix tbody tr').first().waitFor({ timeout: 10_000 });
    expect(await cell(1, '201').getAttribute('class')).toBe('cell never');
    await send('POST', '/orders', '{"item": "tea", "size": "small"}');
    await send('POST', '/orders', '{"item": "coffee"}');
    await send('POST', '/orders', '{"note": "no item"}');
    await send('GET', '/orders?status=open');
    await send('DELETE', '/orders/seven');
    // One render holds one report: once the last request shows, every earlier one does too.
    await expect.poll(() => cell(3, '400').getAttribute('class'), { timeout: 10_000 }).toBe('cell undocumented');
    expect(await cell(1, '201').getAttribute('class')).toBe('cell served');
    expect(await cell(1, '201').textContent()).toBe('2');
    expect(await cell(1, '400').getAttribute('class')).toBe('cell served');
    expect(await cell(2, '200').getAttribute('class')).toBe('cell served');
    expect(await cell(3, '204').getAttribute('class')).toBe('cell never');
    expect(await cell(3, '400').getAttribute('class')).toBe('cell undocumented');
    expect(await page.locator('#coverage-summary').textContent()).toContain('60% of documented responses served (3 of 5)');
    expect(await page.locator('#coverage-never-sent').textContent()).toContain('body.size=large');
    await mkdir(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: fileURLToPath(new URL('coverage.png', ARTIFACTS)), fullPage: true });
  });

  it('lists violations with a link to their journal entries', async () => {
    const violation = page.locator('#coverage-violations li').first();
    expect(await violation.textContent()).toContain('POST /orders: 1 (INVALID_REQUEST x1)');
    await violation.locator('a.journal-link').click();
    await expect.poll(() => page.locator('#entries tr.entry').count(), { timeout: 10_000 }).toBe(1);
    expect(await page.locator('#entries tr.entry').textContent()).toContain('rejected INVALID_REQUEST');
    expect(await page.locator('#coverage').isVisible()).toBe(false);
  });
});
