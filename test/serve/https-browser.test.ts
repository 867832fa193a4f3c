import { createHash, X509Certificate } from 'node:crypto';
import { chromium } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../src/index.js';
import { CHROMIUM, skipBrowser } from '../support/chromium.js';

const servers: MockServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'];

/** Chromium's pin of a certificate's public key: base64 of the SHA-256 of its SubjectPublicKeyInfo. */
function spkiPin(pem: string): string {
  const der = new X509Certificate(pem).publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(der).digest('base64');
}

describe.skipIf(skipBrowser)('the dashboard over HTTPS in Chromium', () => {
  it('loads over HTTP/2 once the generated CA is trusted, and not before', async () => {
    const server = await createMockServer({ tls: true });
    servers.push(server);
    const url = await server.listen();
    const ca = server.tls?.caCertificate ?? '';
    await server.inject({
      method: 'POST',
      url: '/plants',
      headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
      payload: '{"id":1,"name":"Fern"}',
    });

    const untrusting = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS, timeout: 60_000 });
    try {
      const page = await (await untrusting.newContext({ ignoreHTTPSErrors: false })).newPage();
      await expect(page.goto(`${url}/__mock/`)).rejects.toThrow(/ERR_CERT/);
    } finally {
      await untrusting.close();
    }

    const trusting = await chromium.launch({
      executablePath: CHROMIUM,
      args: [...FLAGS, `--ignore-certificate-errors-spki-list=${spkiPin(ca)}`],
      timeout: 60_000,
    });
    try {
      const page = await (await trusting.newContext({ ignoreHTTPSErrors: false })).newPage();
      const response = await page.goto(`${url}/__mock/`);
      expect(response?.status()).toBe(200);
      // Evaluated in the page, where the DOM's timing types exist.
      const protocol = await page.evaluate('performance.getEntriesByType("navigation")[0].nextHopProtocol');
      expect(protocol).toBe('h2');
      await page.locator('#live.on').waitFor({ timeout: 20_000 });
      await expect.poll(() => page.locator('#entries tr.entry').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    } finally {
      await trusting.close();
    }
  }, 120_000);
});
