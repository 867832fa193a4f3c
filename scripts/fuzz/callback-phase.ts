/**
 * The fuzz script's callback phase: orders whose `callbackUrl` aims at the mock's own listener in every
 * loopback spelling (decimal, hex, octal, short forms, IPv6, IPv4-mapped, names, trailing dots, userinfo,
 * encoded paths), at other ports, and at garbage. Each order is answered quickly and never as a 5xx, and
 * no callback drives the mock's own admin API: `/__mock/reset` would empty the journal of its orders.
 */
import fc from 'fast-check';
import { createMockServer } from '../../src/index.js';
import { judge, timedSend } from './timed-send.js';

const CALLBACKS = new URL('../../test/fixtures/callbacks.yaml', import.meta.url).pathname;
const LOOPBACK = [
  '127.0.0.1',
  '127.1',
  '127.0.1',
  '127.1.2.3',
  '0x7f.1',
  '0x7f000001',
  '2130706433',
  '0177.0.0.1',
  '017700000001',
  '127.000.000.001',
  '0',
  '0.0.0.0',
  'localhost',
  'LOCALHOST',
  'localhost.',
  'a.localhost',
  '[::1]',
  '[0:0:0:0:0:0:0:1]',
  '[::ffff:127.0.0.1]',
  '[::ffff:7f00:1]',
  '[::]',
  '[::127.0.0.1]',
];
const ADMIN_PATHS = [
  '/__mock/reset',
  '/%5F%5Fmock/reset',
  '/__mock/../__mock/reset',
  '//__mock/reset',
  '/__MOCK/reset',
  '/x/..%2F__mock/reset',
];

function callbackUrl(port: number) {
  const aimed = fc
    .record({
      scheme: fc.constantFrom('http', 'HTTP', 'https', 'http'),
      userinfo: fc.constantFrom('', '', 'u:p@', '127.0.0.1@', 'evil.example@'),
      host: fc.constantFrom(...LOOPBACK),
      port: fc.constantFrom(String(port), String(port), `0${port}`, '', '1', '65535', String(port + 1)),
      path: fc.constantFrom(...ADMIN_PATHS),
    })
    .map(({ scheme, userinfo, host, port: p, path }) => `${scheme}://${userinfo}${host}${p === '' ? '' : `:${p}`}${path}`);
  return fc.oneof(
    aimed,
    aimed,
    fc.string({ maxLength: 200 }),
    fc.webUrl(),
    fc.constantFrom('file:///etc/passwd', 'javascript:alert(1)', 'http://', 'http://[::1'),
  );
}

/** Returns the failures (empty when every request held and nothing was reset). */
export async function callbackPhase(runs: number, seed: number): Promise<string[]> {
  const mock = await createMockServer({ spec: CALLBACKS, port: 0, logLevel: 'silent', journalSize: runs * 3 + 100 });
  const base = await mock.listen();
  const port = Number(new URL(base).port);
  const failures: string[] = [];
  let sent = 0;
  try {
    await fc.assert(
      fc.asyncProperty(callbackUrl(port), async (url) => {
        const answer = await timedSend(`${base}/orders`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', prefer: 'callback-delay=0', origin: 'https://evil.example' },
          body: JSON.stringify({ callbackUrl: url }),
        });
        sent++;
        const problem = judge(`POST /orders with callbackUrl ${JSON.stringify(url)}`, answer);
        if (problem) throw new Error(problem);
      }),
      { numRuns: runs, seed },
    );
    // The callbacks go out after their answers: give them time to land wherever they may.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const { count } = (await (await fetch(`${base}/__mock/journal/count?method=POST&path=/orders`)).json()) as { count: number };
    if (count < sent) failures.push(`callback phase: ${sent} orders sent, ${count} left in the journal: a callback reset the mock`);
    if ((await fetch(`${base}/__mock/health`)).status !== 200) failures.push('callback phase: not healthy after the phase');
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? `\n${error.cause.message}` : '';
    failures.push(`callback phase: ${error instanceof Error ? error.message : String(error)}${cause}`);
  } finally {
    await mock.close();
  }
  return failures;
}
