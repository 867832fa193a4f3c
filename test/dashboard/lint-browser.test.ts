import { describe, expect, it } from 'vitest';
import { skipBrowser } from '../support/chromium.js';
import { useDashboard } from '../support/dashboard.js';

describe.skipIf(skipBrowser)('dashboard lint view in a real headless Chromium', () => {
  const dashboard = useDashboard({ spec: 'test/api/fixtures/invalid-request-examples.yaml' });

  it("lists the document's invalid examples and defaults with their JSON pointers", async () => {
    const { page, url } = dashboard;
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
