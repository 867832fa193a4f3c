import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harViolations } from '../../src/har/check-har.js';
import { importTraffic } from '../../src/import/import-traffic.js';
import { createMockServer } from '../../src/index.js';
import { launchChromium, skipBrowser } from '../support/chromium.js';

const CRUD = new URL('../fixtures/plantstore-crud.yaml', import.meta.url).pathname;
const AUTH = { authorization: 'Bearer browser-token-0123456789', 'content-type': 'application/json' };
/** What the page sends: reads, a create, and a path no operation has. */
const CALLS = [
  { method: 'GET', path: '/plants?limit=2' },
  { method: 'GET', path: '/plants/7' },
  { method: 'GET', path: '/plants/8' },
  { method: 'POST', path: '/plants', body: '{"id":3,"name":"Ficus","tag":"tree"}' },
  { method: 'GET', path: '/gardens' },
];

describe.skipIf(skipBrowser)('HAR in and out with a real headless Chromium', () => {
  let browser: Browser;
  let dir: string;
  beforeAll(async () => {
    ({ browser } = await launchChromium());
    dir = await mkdtemp(join(tmpdir(), 'har-browser-'));
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('imports the HAR Chromium saved of a page using the mock; the replay answers the same bytes', async () => {
    // Generated answers, so only a replay of the recorded ones can answer the same bytes.
    const recorded = await createMockServer({ spec: CRUD, dynamic: true, seed: 11 });
    const url = await recorded.listen();
    const har = join(dir, 'chromium.har');
    const context = await browser.newContext({ recordHar: { path: har, content: 'embed' } });
    let bodies: string[];
    try {
      const page = await context.newPage();
      await page.goto(`${url}/plants/7`);
      bodies = await page.evaluate(
        async ({ calls, headers }) => {
          const texts: string[] = [];
          for (const call of calls) texts.push(await (await fetch(call.path, { method: call.method, headers, body: call.body })).text());
          return texts;
        },
        { calls: CALLS, headers: AUTH },
      );
    } finally {
      await context.close();
      await recorded.close();
    }
    const report = await importTraffic({ spec: CRUD }, { file: har, out: join(dir, 'out'), onContractOnly: false });
    expect(report.kind).toBe('HAR');
    expect(report.unmatched).toEqual([expect.stringMatching(/^GET \/gardens \(entry \d+\): no operation of the document has this path$/)]);
    // The navigation carried no credentials and was refused: the mock answers that itself.
    expect(report.leftOut).toEqual(['GET /plants/7 (entry 1): sent without credentials and refused (401): the mock answers that itself']);
    expect(report.credentialsFilled).toBe(0);
    expect(await readFile(join(dir, 'out', 'import-chromium.yaml'), 'utf8')).not.toContain('browser-token');

    const replay = await createMockServer({ spec: CRUD, scenariosDir: join(dir, 'out'), scenario: 'import-chromium' });
    try {
      for (const [i, call] of CALLS.entries()) {
        if (call.path === '/gardens') continue;
        const answer = await replay.inject({
          method: call.method,
          url: call.path,
          headers: AUTH,
          ...(call.body ? { payload: call.body } : {}),
        });
        expect(answer.body).toBe(bodies[i]);
      }
    } finally {
      await replay.close();
    }
  }, 90_000);

  it('downloads the journal as HAR from the dashboard, and Chromium answers a page from it with the mock gone', async () => {
    const mock = await createMockServer({ spec: CRUD, dynamic: true, seed: 5, adminToken: 'har-admin' });
    const url = await mock.listen();
    const one = await (await fetch(`${url}/plants/7`, { headers: AUTH })).text();
    const created = await (await fetch(`${url}/plants`, { method: 'POST', headers: AUTH, body: '{"id":9,"name":"Fern"}' })).text();
    const context = await browser.newContext();
    const file = join(dir, 'downloaded.har');
    try {
      const page = await context.newPage();
      await page.goto(`${url}/__mock/?token=har-admin`);
      const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#har-download').click()]);
      expect(download.suggestedFilename()).toMatch(/^plantstore-mock-.*\.har$/);
      await download.saveAs(file);
    } finally {
      await context.close();
      await mock.close();
    }
    const har = JSON.parse(await readFile(file, 'utf8'));
    expect(harViolations(har)).toEqual([]);
    expect(JSON.stringify(har)).not.toContain('browser-token-0123456789');

    // Playwright's HAR router serves the page from the file alone: the mock is closed, unknown URLs abort.
    const offline = await browser.newContext();
    try {
      await offline.routeFromHAR(file, { notFound: 'abort' });
      const page = await offline.newPage();
      const shown = await page.goto(`${url}/plants/7`);
      expect(await shown?.text()).toBe(one);
      const posted = await page.evaluate(
        async (headers) => (await fetch('/plants', { method: 'POST', headers, body: '{"id":9,"name":"Fern"}' })).text(),
        AUTH,
      );
      expect(posted).toBe(created);
    } finally {
      await offline.close();
    }
  }, 90_000);
});
