/**
 * `npm run fuzz`: the HTTP properties of test/hardening with many more cases, against the built CLI on a
 * real socket on 127.0.0.1 (so Node's HTTP parser is in the path too), then byte-level mutations of
 * valid requests, then a burst of 10,000 concurrent connections, then the corpus of test/corpus (each
 * document served by its own CLI), then the admin API (hostile filters, verify bodies, state, scenario
 * switching), hostile documents (backtracking patterns, deep $ref chains, huge enums), streams (hostile
 * counts, intervals and Last-Event-IDs while another client is timed), callbacks (the mock's own listener
 * in every loopback spelling) and recordings (hostile upstream answers recorded, scanned, replayed).
 * Each phase is bounded (at most a few hundred to a thousand cases). Exits 1 on the first violation.
 * FUZZ_RUNS (default 10000) sets the number of requests per phase; FUZZ_SEED replays a run.
 */
import fc from 'fast-check';
import { burst } from '../../test/support/burst.js';
import { startCli } from '../../test/support/cli.js';
import { type FuzzRequest, requestArbitrary } from '../../test/support/http-arbitraries.js';
import { rawRequest } from '../../test/support/raw-http.js';
import { violation } from '../../test/support/well-formed.js';
import { adminPhase } from './admin-phase.js';
import { callbackPhase } from './callback-phase.js';
import { corpusPhase } from './corpus-phase.js';
import { hostileDocumentPhase } from './hostile-document-phase.js';
import { recordingPhase } from './recording-phase.js';
import { streamPhase } from './stream-phase.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
const SEED = process.env.FUZZ_SEED === undefined ? Date.now() : Number(process.env.FUZZ_SEED);
const BURST = Number(process.env.FUZZ_BURST ?? 10_000);

function serialize(request: FuzzRequest): Buffer {
  const head = [`${request.method} ${request.url} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close'];
  for (const [name, value] of Object.entries(request.headers)) head.push(`${name}: ${value}`);
  if (request.body !== undefined) head.push(`Content-Length: ${request.body.length}`);
  return Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'latin1'), request.body ?? Buffer.alloc(0)]);
}

/** A valid request with a few bytes overwritten, inserted or cut: the parser's turn. */
const mutatedArbitrary = fc
  .tuple(
    requestArbitrary,
    fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 }), fc.constantFrom('set', 'insert', 'cut')), { minLength: 1, maxLength: 4 }),
  )
  .map(([request, edits]) => {
    const bytes = [...serialize(request)];
    for (const [at, byte, kind] of edits) {
      const index = at % (bytes.length + 1);
      if (kind === 'set') bytes[index] = byte;
      else if (kind === 'insert') bytes.splice(index, 0, byte);
      else bytes.splice(index, 1);
    }
    return Buffer.from(bytes);
  });

async function main(): Promise<number> {
  console.log(`fuzz: ${RUNS} requests per phase, seed ${SEED}`);
  const cli = await startCli([
    '--log-level',
    'silent',
    '--max-connections',
    '20000',
    // Short, so mutated requests that leave the parser waiting are answered (408) quickly.
    '--headers-timeout',
    '250',
    '--request-timeout',
    '500',
  ]);
  const port = Number(new URL(cli.url).port);
  const failures: string[] = [];
  try {
    const started = Date.now();
    await fc.assert(
      fc.asyncProperty(requestArbitrary, async (request) => {
        const answer = await rawRequest(port, [serialize(request)], { waitMs: 5000, untilAnswered: request.method !== 'HEAD' });
        const status = answer.status;
        if (status === undefined) throw new Error(`${request.method} ${request.url}: no answer (${answer.closed ? 'closed' : 'hung'})`);
        const problem = violation(request.method, request.url, { ...answer, status });
        if (problem) throw new Error(`${request.method} ${request.url}: ${problem}`);
      }),
      { numRuns: RUNS, seed: SEED },
    );
    console.log(`fuzz: ${RUNS} generated requests answered well-formed in ${Date.now() - started} ms`);

    const mutatedStart = Date.now();
    const tally: Record<string, number> = {};
    await fc.assert(
      fc.asyncProperty(mutatedArbitrary, async (bytes) => {
        const [method = '', url = ''] = bytes.toString('latin1').split(' ', 2);
        const answer = await rawRequest(port, [bytes], { waitMs: 3000, untilAnswered: method !== 'HEAD' });
        const status = answer.status;
        const key = status === undefined ? (answer.closed ? 'closed' : 'hung') : String(status);
        tally[key] = (tally[key] ?? 0) + 1;
        // Within the wait the server must answer (a timeout is an answer, 408) or close; silence is a hang.
        if (status === undefined && !answer.closed) {
          throw new Error(`a mutated request hung the connection: ${JSON.stringify(bytes.toString('latin1').slice(0, 200))}`);
        }
        if (status === undefined) return;
        // A HEAD answer has no body whatever its Content-Length says, so what follows is the next answer's.
        const problem = violation(method, url, { ...answer, status, body: method === 'HEAD' ? '' : answer.body });
        if (problem) throw new Error(`${problem}: ${JSON.stringify(bytes.toString('latin1').slice(0, 200))}`);
      }),
      { numRuns: RUNS, seed: SEED },
    );
    console.log(`fuzz: ${RUNS} mutated requests in ${Date.now() - mutatedStart} ms; answers ${JSON.stringify(tally)}`);

    const result = await burst(port, BURST, 30_000);
    console.log(
      `fuzz: burst of ${BURST} connections: ${result.ok} answered 200, ${result.timedOut} answered 408 (too busy), ${result.dropped} dropped, in ${result.elapsedMs} ms`,
    );
    if (result.other.length > 0) failures.push(`burst answers other than 200: ${result.other.slice(0, 3).join(' | ')}`);
    if ((await burst(port, 5)).ok !== 5) failures.push('not healthy after the burst');
  } catch (error) {
    // fast-check keeps the property's own error as the cause.
    const cause = error instanceof Error && error.cause instanceof Error ? `\n${error.cause.message}` : '';
    failures.push(error instanceof Error ? `${error.message}${cause}` : String(error));
  } finally {
    cli.child.kill('SIGTERM');
    const exit = await cli.exited();
    if (exit.code !== 0) failures.push(`the mock exited with ${exit.code ?? exit.signal} on SIGTERM`);
  }
  // The corpus runs its own servers, one per document; a failure above does not hide its findings.
  failures.push(...(await corpusPhase().catch((error: unknown) => [`corpus phase: ${String(error)}`])));
  const adminStart = Date.now();
  failures.push(...(await adminPhase(Math.min(RUNS, 2000), SEED)));
  console.log(`fuzz: admin phase in ${Date.now() - adminStart} ms`);
  failures.push(...(await hostileDocumentPhase()));
  const phased = async <T>(name: string, phase: () => Promise<T>, describe: (result: T) => string): Promise<T> => {
    const started = Date.now();
    const result = await phase();
    console.log(`fuzz: ${name} phase in ${Date.now() - started} ms; ${describe(result)}`);
    return result;
  };
  const streams = await phased(
    'stream',
    () => streamPhase(Math.min(RUNS, 300), SEED),
    (r) => `another client waited at most ${Math.round(r.worst)} ms`,
  );
  failures.push(...streams.failures);
  const callbackRuns = Math.min(RUNS, 500);
  failures.push(
    ...(await phased(
      'callback',
      () => callbackPhase(callbackRuns, SEED),
      () => `${callbackRuns} orders`,
    )),
  );
  const recordings = await phased(
    'recording',
    () => recordingPhase(Math.min(RUNS, 1000), SEED),
    (r) => `${r.files} files replayed`,
  );
  failures.push(...recordings.failures);
  for (const failure of failures) console.error(`fuzz: FAILED ${failure}`);
  console.log(failures.length === 0 ? 'fuzz: all properties held' : `fuzz: ${failures.length} failure(s); replay with FUZZ_SEED=${SEED}`);
  return failures.length === 0 ? 0 : 1;
}

main().then((code) => process.exit(code));
