/**
 * The fuzz script's admin phase: hostile journal filters (many stars over long paths), verify bodies of
 * every Content-Type, state reads and scenario switching, with odd Origin and Host headers, against a
 * server whose journal holds long paths. Each answer must come quickly, short, and never as a 5xx.
 */
import fc from 'fast-check';
import { createMockServer } from '../../src/index.js';
import { judge, timedSend } from './timed-send.js';

const glob = fc.array(fc.constantFrom('*', 'a', '/', 'b', '%2A', '.', '\\'), { maxLength: 200 }).map((parts) => parts.join(''));
const filterQuery = fc
  .record(
    {
      path: glob,
      method: fc.constantFrom('GET', 'post', '', '*'),
      status: fc.constantFrom('2xx', '404', '9xx', 'x'),
      since: fc.constantFrom('2020-01-01T00:00:00Z', 'yesterday'),
      limit: fc.constantFrom('1', '0', '-1', '1e9', 'x'),
    },
    { requiredKeys: [] },
  )
  .map((query) => new URLSearchParams(query as Record<string, string>).toString());
const contentType = fc.constantFrom(
  'application/json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'a/b/c',
  '',
);
const body = fc.oneof(
  fc.json({ maxDepth: 3 }),
  fc.constantFrom(
    'a'.repeat(500_000),
    '{"path": "*a*a*a*a*a*a*b", "atLeast": 1}',
    '{"__proto__": {"x": 1}}',
    '{"scenario": "unauthorized"}',
    '{"session": "../x"}',
  ),
);
const origin = fc.option(fc.constantFrom('http://127.0.0.1:1', 'null', 'http://evil.example'), { nil: undefined });
const adminRequest = fc.oneof(
  fc.tuple(
    fc.constant('GET'),
    fc.constantFrom('/__mock/journal', '/__mock/journal/count'),
    filterQuery,
    fc.constant(undefined),
    fc.constant(''),
  ),
  fc.tuple(
    fc.constantFrom('POST', 'PUT', 'DELETE'),
    fc.constantFrom('/__mock/journal/verify', '/__mock/scenario', '/__mock/reset', '/__mock/journal'),
    fc.constant(''),
    body,
    contentType,
  ),
  fc.tuple(
    fc.constant('GET'),
    fc.constantFrom('/__mock/state', '/__mock/scenario', '/__mock/coverage'),
    fc.constantFrom('session=a', 'session=../x', 'session=__proto__', ''),
    fc.constant(undefined),
    fc.constant(''),
  ),
);

/** Returns the failures (empty when every request held). */
export async function adminPhase(runs: number, seed: number): Promise<string[]> {
  const mock = await createMockServer({ stateful: true, bundledScenarios: true });
  const base = await mock.listen();
  const failures: string[] = [];
  try {
    for (let i = 0; i < 20; i++) await fetch(`${base}/${'a'.repeat(4000 + i)}`); // long paths for the filters
    await fc.assert(
      fc.asyncProperty(adminRequest, origin, async ([method, path, query, payload, type], from) => {
        const headers: Record<string, string> = { ...(type ? { 'content-type': type } : {}), ...(from ? { origin: from } : {}) };
        const answer = await timedSend(`${base}${path}${query ? `?${query}` : ''}`, {
          method,
          headers,
          ...(payload === undefined ? {} : { body: payload }),
        });
        const problem = judge(`${method} ${path}?${query.slice(0, 80)}`, answer);
        if (problem) throw new Error(problem);
      }),
      { numRuns: runs, seed },
    );
    if ((await fetch(`${base}/__mock/health`)).status !== 200) failures.push('admin phase: not healthy after the phase');
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? `\n${error.cause.message}` : '';
    failures.push(`admin phase: ${error instanceof Error ? error.message : String(error)}${cause}`);
  } finally {
    await mock.close();
  }
  return failures;
}
