import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../src/index.js';
import { launchChromium, skipBrowser } from '../support/chromium.js';

describe.skipIf(skipBrowser)('dashboard lint view in a real headless Chromium', () => {
  let mock: MockServer;
  let browser: Browser;
  let page: Page;
  let url: string;

  beforeAll(async () => {
    mock = await createMockServer({ spec: 'test/api/fixtures/invalid-request-examples.yaml' });
    url = await mock.listen();
    ({ browser, page } = await launchChromium());
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await mock?.close();
  });

  it("lists the document's invalid examples and defaults with their JSON pointers", async () => {
    await page.goto(`${url}/__mock/`);
    await page.locator('#lint-toggle').click();
    await expect
      .poll(() => page.locator('#lint-summary').textContent(), { timeout: 10_000 })
      .toBe('8 finding(s) in Invalid request examples 1');
    const rows = page.locator('#lint-findings tr');
    expect(await rows.count()).toBe(8);
    const bad = page.locator('#lint-findings tr', { hasText: 'examples/bad/value' });
    expect(await bad.locator('td').nth(0).textContent()).toBe('example');
    expect(await bad.locator('td').nth(1).textContent()).toBe('createOrder');
    expect(await page.locator('#entries').isVisible()).toBe(false);
  });
});
