/**
 * The fuzz script's recording phase: a real service answering with hostile answers (statuses up to 999,
 * malformed media types, the mock's own `x-mock-*` headers, secrets in bodies, cookies, `Location`,
 * `Link` and token headers, bodies nested past any depth limit, bytes that are no text, bodies over
 * the limit), recorded through the proxy under hostile session ids, flushed, then replayed. The mock
 * never answers 500 of its own, the flush succeeds, every file written loads, and no planted secret
 * is in any file.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { createMockServer } from '../../src/index.js';
import { judge, timedSend } from './timed-send.js';

const SPEC = new URL('../../test/fixtures/proxy-store.yaml', import.meta.url).pathname;
const SECRET = 'Pl4ntedFuzzSecretQx7';
const nest = (levels: number, inner: unknown): unknown => (levels === 0 ? inner : { a: nest(levels - 1, inner) });

const answerArbitrary = fc.record({
  status: fc.oneof(fc.constantFrom(200, 200, 201, 204, 404, 500, 599, 600, 799, 999), fc.integer({ min: 200, max: 999 })),
  type: fc.constantFrom(
    'application/json',
    'application/json; charset=utf-8',
    'application/json; charset',
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data',
    'a/b/c',
    ';;;',
    'application/json; x="unterminated',
    '',
  ),
  headers: fc.subarray([
    ['x-mock-error', 'FORGED'],
    ['x-mock-findings', '[]'],
    ['x-refresh-token', SECRET],
    ['set-cookie', `sid=${SECRET}; HttpOnly`],
    ['location', `/cb?state=1&access_token=${SECRET}`],
    ['content-location', `/t?id_token=${SECRET}`],
    ['link', `<https://auth.example/next?refresh_token=${SECRET}>; rel="next"`],
    ['x-api-key', SECRET],
  ] as [string, string][]),
  body: fc.oneof(
    fc.constantFrom(
      JSON.stringify({ id: 7, name: 'Ficus', password: SECRET }),
      JSON.stringify({ id: 7, name: 'Ficus', client_secret: [SECRET], token: { value: SECRET } }),
      JSON.stringify(nest(80, { access_token: SECRET })),
      `access_token=${SECRET}&token_type=bearer`,
      `secret=${SECRET}`,
      '{"id": 7, "name": ',
      '',
      'x'.repeat(2 * 1024 * 1024),
    ),
    fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes).toString('latin1')),
    fc.json({ maxDepth: 4 }),
  ),
});
type PlannedAnswer = typeof answerArbitrary extends fc.Arbitrary<infer T> ? T : never;
const requestArbitrary = fc.record({
  method: fc.constantFrom('GET /plants/7', 'POST /plants'),
  session: fc.oneof(fc.constantFrom('a', 'A', 'a.', '../x', 'a/b', 'CON', 'x'.repeat(300), 'é', ' '), fc.string({ maxLength: 40 })),
});

/** Returns the failures (empty when every property held) and how many files were written, checked and replayed. */
export async function recordingPhase(runs: number, seed: number): Promise<{ failures: string[]; files: number }> {
  const dir = await mkdtemp(join(tmpdir(), 'psm-fuzz-rec-'));
  let planned: PlannedAnswer | undefined;
  const upstream = createServer((request, response) => {
    request.resume();
    const plan = planned;
    if (plan === undefined) return response.writeHead(404).end();
    response.writeHead(plan.status, { ...(plan.type ? { 'content-type': plan.type } : {}), ...Object.fromEntries(plan.headers) });
    response.end(plan.status === 204 ? undefined : plan.body, 'latin1');
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const proxy = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/v1`;
  const mock = await createMockServer({ spec: SPEC, port: 0, logLevel: 'silent', proxy, record: dir });
  const base = await mock.listen();
  const failures: string[] = [];
  try {
    await fc.assert(
      fc.asyncProperty(answerArbitrary, requestArbitrary, async (answer, { method, session }) => {
        planned = answer;
        const [verb = 'GET', path = '/'] = method.split(' ');
        const sent = await timedSend(`${base}${path}`, {
          method: verb,
          headers: {
            authorization: 'Bearer t',
            'x-mock-session': encodeURIComponent(session),
            ...(verb === 'POST' ? { 'content-type': 'application/json' } : {}),
          },
          ...(verb === 'POST' ? { body: JSON.stringify({ id: 7, name: 'Ficus' }) } : {}),
        });
        // The service's own 5xx pass on as they are, and what it got wrong is a 502; any other 5xx is the mock's.
        const expected = sent.status === answer.status || sent.status === 502;
        const problem = judge(`${method} answered ${answer.status} ${JSON.stringify(answer.type)}`, {
          ...sent,
          status: expected ? 200 : sent.status,
          bytes: 0,
        });
        if (problem) throw new Error(problem);
      }),
      { numRuns: runs, seed },
    );
    const flushed = await fetch(`${base}/__mock/recordings/flush`, { method: 'POST' });
    if (flushed.status !== 200) failures.push(`recording phase: the flush answered ${flushed.status}: ${await flushed.text()}`);
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? `\n${error.cause.message}` : '';
    failures.push(`recording phase: ${error instanceof Error ? error.message : String(error)}${cause}`);
  } finally {
    await mock.close();
    upstream.closeAllConnections();
    await new Promise((resolve) => upstream.close(resolve));
  }
  const files = (await readdir(dir)).filter((name) => name.endsWith('.yaml'));
  const found = await checkRecordings(dir, files);
  // Kept for a look when something failed.
  if (found.length > 0) failures.push(...found.map((failure) => `${failure} (the files are in ${dir})`));
  else await rm(dir, { recursive: true, force: true });
  return { failures, files: files.length };
}

/** Every file written holds no planted secret, and loads and answers as a scenario. */
async function checkRecordings(dir: string, files: readonly string[]): Promise<string[]> {
  const failures: string[] = [];
  for (const name of files) {
    if ((await readFile(join(dir, name), 'latin1')).includes(SECRET)) failures.push(`recording phase: ${name} holds a planted secret`);
  }
  if (files.length === 0) return failures;
  try {
    const replay = await createMockServer({ spec: SPEC, port: 0, logLevel: 'silent', scenariosDir: dir, bundledScenarios: false });
    try {
      for (const name of files) {
        const answer = await replay.inject({
          url: '/plants/7',
          headers: { authorization: 'Bearer t', 'x-mock-scenario': name.replace(/\.yaml$/, '') },
        });
        if (answer.statusCode === 500 && answer.headers['x-mock-error'] !== undefined) {
          failures.push(`recording phase: replaying ${name} answered 500 ${String(answer.headers['x-mock-error'])}`);
        }
      }
    } finally {
      await replay.close();
    }
  } catch (error) {
    failures.push(`recording phase: the ${files.length} recordings do not load: ${error instanceof Error ? error.message : String(error)}`);
  }
  return failures;
}
