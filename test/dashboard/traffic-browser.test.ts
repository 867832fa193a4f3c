import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { copyFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { skipBrowser } from '../support/chromium.js';
import { useDashboard } from '../support/dashboard.js';

const ARTIFACTS = new URL('../../artifacts/', import.meta.url);

describe.skipIf(skipBrowser)('the traffic chart in a real headless Chromium', () => {
  // An outage the screenshot shows as 5xx beside the answers, rejections and resets.
  const scenarios = mkdtempSync(join(tmpdir(), 'traffic-scenarios-'));
  const outage =
    "description: The real service is down.\nrules:\n  - operation: '*'\n    respond:\n      error: { code: UPSTREAM_FAILED, params: { details: down } }\n      offContract: the real service is down\n";
  writeFileSync(join(scenarios, 'outage.yaml'), outage);
  afterAll(() => rmSync(scenarios, { recursive: true, force: true }));
  const dashboard = useDashboard({ scenariosDir: scenarios });

  const plant = (body: string, session?: string, scenario?: string) =>
    fetch(`${dashboard.url}/plants`, {
      method: 'POST',
      headers: {
        authorization: 'Bearer consumer-token',
        'content-type': 'application/json',
        ...(session ? { 'x-mock-session': session } : {}),
        ...(scenario ? { 'x-mock-scenario': scenario } : {}),
      },
      body,
    });
  const count = (selector: string) => dashboard.page.locator(selector).count();

  it('draws requests per second by status class and the p50 and p99 latency, for all traffic or one session', async () => {
    const { page, url } = dashboard;
    await page.goto(`${url}/__mock/`);
    await page.locator('#live.on').waitFor({ timeout: 15_000 });
    for (let i = 0; i < 6; i++) await plant(`{"id": ${i}, "name": "Fern ${i}"}`, 'checkout-test');
    for (let i = 0; i < 3; i++) await plant('{"id": "seven"}', 'signup-test');
    await fetch(`${dashboard.url}/plants`, { method: 'DELETE', headers: { authorization: 'Bearer t' } });
    await expect.poll(() => page.locator('#traffic-now').textContent(), { timeout: 15_000 }).toContain('10 requests');
    expect(await count('#traffic-rate rect.c2xx')).toBeGreaterThan(0);
    expect(await count('#traffic-rate rect.c4xx')).toBeGreaterThan(0);
    expect(await page.locator('#traffic-latency polyline.p50').getAttribute('points')).toMatch(/^\d/);
    expect(await page.locator('#traffic-latency polyline.p99').getAttribute('points')).toMatch(/^\d/);
    const scopes = await page.locator('#traffic-scope option').allTextContents();
    expect(scopes).toEqual(['all traffic', 'session (default)', 'session checkout-test', 'session signup-test']);

    await page.locator('#traffic-scope').selectOption('session:signup-test');
    await expect.poll(() => page.locator('#traffic-now').textContent(), { timeout: 5_000 }).toContain('3 requests');
    expect(await count('#traffic-rate rect.c2xx')).toBe(0);
    expect(await count('#traffic-rate rect.c4xx')).toBeGreaterThan(0);

    await page.locator('#traffic-scope').selectOption('all:');
    await expect.poll(() => page.locator('#traffic-now').textContent(), { timeout: 5_000 }).toContain('10 requests');
  }, 60_000);

  it('draws a minute of mixed traffic in one-second steps (the screenshot kept in docs/)', async () => {
    const { page } = dashboard;
    await page.locator('#traffic-window').selectOption('60');
    for (let second = 0; second < 8; second++) {
      const calls: Promise<unknown>[] = [];
      for (let i = 0; i < 4 + (second % 4) * 3; i++) calls.push(plant(`{"id": ${i}, "name": "Fern"}`, `wave-${second}`));
      if (second % 2 === 0) calls.push(plant('{"id": "x"}', 'checkout-test'));
      if (second % 3 === 1) calls.push(plant('{"id": 1, "name": "Fern"}', 'checkout-test', 'outage'));
      if (second % 3 === 2) calls.push(plant('{"id": 1, "name": "Fern"}', `reset-${second}`, 'fail-then-succeed'));
      await Promise.all(calls.map((call) => call.catch(() => undefined)));
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    await expect.poll(() => count('#traffic-rate rect.c5xx'), { timeout: 5_000 }).toBeGreaterThan(0);
    expect(await count('#traffic-rate rect.cfault')).toBeGreaterThan(0);
    expect(await page.locator('#traffic-rate text').last().textContent()).toBe('1-second steps');
    await mkdir(ARTIFACTS, { recursive: true });
    const shot = fileURLToPath(new URL('traffic.png', ARTIFACTS));
    await page.screenshot({ path: shot, clip: { x: 0, y: 0, width: 1280, height: 430 } });
    // UPDATE_DOCS_SCREENSHOTS=1 refreshes the picture docs/admin-api.md shows.
    if (process.env.UPDATE_DOCS_SCREENSHOTS === '1')
      await copyFile(shot, fileURLToPath(new URL('../../docs/traffic.png', import.meta.url)));
  }, 60_000);

  it('hides the chart with the journal while another view is shown', async () => {
    const { page } = dashboard;
    await page.locator('#coverage-toggle').click();
    await expect.poll(() => page.locator('#traffic').isVisible()).toBe(false);
    await page.locator('#coverage-toggle').click();
    await expect.poll(() => page.locator('#traffic').isVisible()).toBe(true);
  });
});
