import { mkdir } from 'node:fs/promises';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../src/index.js';
import { CHROMIUM, launchChromium, skipBrowser } from '../support/chromium.js';

const ARTIFACTS = new URL('../../artifacts/', import.meta.url);
const ADMIN = 'dashboard-admin-token';
if (skipBrowser) {
  console.warn(`dashboard browser test skipped: no chromium at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM_PATH)`);
}

/** The computed text colour of an element (the tests compile without the DOM's types). */
const colourOf = (locator: Locator) =>
  locator.evaluate(
    (element) => (globalThis as unknown as { getComputedStyle(e: unknown): { color: string } }).getComputedStyle(element).color,
  );

describe.skipIf(skipBrowser)('dashboard in a real headless Chromium', () => {
  let mock: MockServer;
  let browser: Browser;
  let page: Page;
  let url: string;

  beforeAll(async () => {
    mock = await createMockServer({ adminToken: ADMIN });
    url = await mock.listen();
    ({ browser, page } = await launchChromium(720));
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await mock?.close();
  });

  const api = (payload: string, session?: string) =>
    fetch(`${url}/plants`, {
      method: 'POST',
      headers: {
        authorization: 'Bearer consumer-token',
        'content-type': 'application/json',
        ...(session ? { 'x-mock-session': session } : {}),
      },
      body: payload,
    });

  it('shows requests as they arrive, invalid ones marked, each expandable', async () => {
    await page.goto(`${url}/__mock/?token=${ADMIN}`);
    await page.locator('#live.on').waitFor({ timeout: 15_000 });
    await api('{"id": 9223372036854775807, "name": "Monstera deliciosa", "tag": "tropical"}');
    await api('{"id": "seven", "tag": 3}');
    await api('{"id": 2, "name": "Boston fern"}', 'checkout-test');
    const rows = page.locator('#entries tr.entry');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(3);
    expect(await page.locator('#entries tr.entry.invalid').count()).toBe(1);
    await page.locator('#entries tr.entry.invalid').click();
    const details = page.locator('#entries tr.details');
    await details.waitFor();
    expect(await details.locator('ul.findings').textContent()).toContain('body.name');
    expect(await details.locator('.request-body').textContent()).toBe('{"id": "seven", "tag": 3}');
    await rows.last().click(); // the oldest: the int64 one
    expect(await page.locator('.request-body').last().textContent()).toContain('9223372036854775807');
  });

  it('switches the active scenario and saves a screenshot', async () => {
    const select = page.locator('#scenario');
    await expect.poll(() => select.isEnabled(), { timeout: 10_000 }).toBe(true);
    await select.selectOption('slow');
    await expect.poll(() => page.locator('#notice').textContent(), { timeout: 10_000 }).toContain('slow');
    const active = await mock.inject({ url: '/__mock/scenario', headers: { authorization: `Bearer ${ADMIN}` } });
    expect(active.json()).toEqual({ session: null, scenario: 'slow' });
    await page.locator('#entries tr.entry').last().click(); // fold the int64 one: the screenshot shows the list and one finding
    await mkdir(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: new URL('dashboard.png', ARTIFACTS).pathname, fullPage: true });
  });

  it('leaves the scenario controls disabled when the server has no scenarios', async () => {
    const bare = await browser.newPage();
    try {
      await bare.route(/\/__mock\/scenarios$/, (route) => route.fulfill({ status: 404, json: { error: 40401, message: 'No operation' } }));
      await bare.goto(`${url}/__mock/?token=${ADMIN}`);
      await bare.locator('#live.on').waitFor({ timeout: 15_000 });
      expect(await bare.locator('#scenario').isDisabled()).toBe(true);
      expect(await bare.locator('#reset').isDisabled()).toBe(true);
      // Live can show before the first list has loaded: wait for the rows rather than count at once.
      await expect.poll(() => bare.locator('#entries tr.entry').count(), { timeout: 10_000 }).toBe(3);
    } finally {
      await bare.close();
    }
  });

  it('shows a reset connection as a fault, never as a green status 0', async () => {
    const reset = await fetch(`${url}/plants`, {
      method: 'POST',
      headers: {
        authorization: 'Bearer consumer-token',
        'content-type': 'application/json',
        'x-mock-session': 'faulty',
        'x-mock-scenario': 'fail-then-succeed',
      },
      body: '{"id": 4, "name": "Pothos"}',
    }).catch((error: unknown) => error);
    expect(reset).toBeInstanceOf(Error);
    const faulty = page.locator('#entries tr.entry.fault');
    await expect.poll(() => faulty.count(), { timeout: 15_000 }).toBe(1);
    expect(await faulty.locator('td.status').textContent()).toBe('reset');
    const ok = page.locator('#entries tr.entry:not(.fault):not(.invalid) td.status').first();
    expect(await colourOf(faulty.locator('td.status'))).not.toBe(await colourOf(ok));
  });

  it('empties the list when the journal is cleared', async () => {
    page.once('dialog', (dialog) => dialog.accept());
    await page.locator('#clear').click();
    await expect.poll(() => page.locator('#entries tr.entry').count(), { timeout: 10_000 }).toBe(0);
    await api('{"id": 3, "name": "Snake plant"}');
    await expect.poll(() => page.locator('#entries tr.entry').count(), { timeout: 10_000 }).toBe(1);
  });
});
