import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../src/index.js';
import { CHROMIUM, launchChromium, skipBrowser } from '../support/chromium.js';

if (skipBrowser) console.warn(`cross-origin browser test skipped: no chromium at ${CHROMIUM}`);

/** What a page of another local origin tries against the mock: read the journal, switch the scenario, reset, clear. */
const attack = (mock: string) => `<!doctype html><meta charset="utf-8"><title>attacker</title>
<form id="f" method="POST" action="${mock}/__mock/reset" enctype="text/plain" target="sink"><input name='{"a":"' value='"}'></form>
<iframe name="sink"></iframe>
<script>
window.outcome = (async () => {
  const out = {};
  const tryIt = async (name, run) => { try { out[name] = await run(); } catch (e) { out[name] = 'blocked: ' + e.name; } };
  await tryIt('journal', async () => (await fetch('${mock}/__mock/journal', { credentials: 'include' })).text());
  await tryIt('scenario', async () => (await fetch('${mock}/__mock/scenario', { method: 'PUT', credentials: 'include',
    headers: { 'content-type': 'application/json' }, body: JSON.stringify({ scenario: 'unauthorized' }) })).status);
  await tryIt('clear', async () => (await fetch('${mock}/__mock/journal', { method: 'DELETE' })).status);
  await tryIt('blindReset', async () => (await fetch('${mock}/__mock/reset', { method: 'POST', mode: 'no-cors', body: '{}' })).type);
  document.getElementById('f').submit();
  await new Promise((r) => setTimeout(r, 300));
  return out;
})();
</script>`;

describe.skipIf(skipBrowser)('a page of another local origin, in a real Chromium', () => {
  let mock: MockServer;
  let attacker: Server;
  let browser: Browser;
  let page: Page;
  let mockUrl: string;
  let attackerUrl: string;

  beforeAll(async () => {
    mock = await createMockServer();
    mockUrl = await mock.listen();
    attacker = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(attack(mockUrl));
    });
    await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
    attackerUrl = `http://localhost:${(attacker.address() as AddressInfo).port}/`;
    ({ browser, page } = await launchChromium());
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await mock?.close();
    await new Promise((resolve) => attacker?.close(resolve));
  });

  it('can neither read the journal nor switch the scenario, reset or clear it', async () => {
    const secret = 'Bearer secret-token-abcdefgh';
    const create = await fetch(`${mockUrl}/plants`, {
      method: 'POST',
      headers: { authorization: secret, 'content-type': 'application/json', cookie: 'sid=cookie-secret' },
      body: '{"id": 1, "name": "Ficus"}',
    });
    expect(create.status).toBe(200);
    await page.goto(attackerUrl);
    const outcome = (await page.evaluate('window.outcome')) as Record<string, unknown>;
    expect(String(outcome.journal)).toMatch(/^blocked/);
    expect(String(outcome.scenario)).toMatch(/^blocked/);
    expect(String(outcome.clear)).toMatch(/^blocked/);
    // The mock still answers as before, and still holds the request the page tried to clear.
    const scenario = (await (await fetch(`${mockUrl}/__mock/scenario`)).json()) as { scenario: unknown };
    expect(scenario.scenario).toBeNull();
    const journal = (await (await fetch(`${mockUrl}/__mock/journal?method=POST&path=/plants`)).json()) as { count: number };
    expect(journal.count).toBe(1);
    // Every admin request the page sent was refused before reaching the admin routes.
    const refused = (await (await fetch(`${mockUrl}/__mock/journal?status=403`)).json()) as { count: number };
    expect(refused.count).toBeGreaterThanOrEqual(4);
  }, 60_000);
});
