/**
 * One document of the conformance run, in its own process (a document that hangs the loader is ended
 * from outside): valid requests built from the document (the corpus harness) for up to N operations,
 * each answer judged by Ajv on the document as written. The engine is the mock (in-process, `inject()`)
 * or Prism's CLI (`prism mock`, started on a free local port) on the same requests. Prints one JSON line.
 */
import { sequentialKind } from '../../dist/openapi/sequential-media.js';
import { indexPrismOperations } from '../../dist/prism/load-operations.js';
import { render, unbuildableParts, validParts } from '../../test/corpus/harness/build-requests.js';
import { indistinguishableTwins, mayBeTwins } from '../../test/corpus/harness/indistinguishable.js';
import type { PrismOperation } from '../../test/corpus/harness/types.js';
import { ajvJudge } from '../../test/corpus/independent/ajv-judge.js';
import { zeroCounts } from './counts.js';
import { type Engine, killPrisms, startMock, startPrism } from './engines.js';

const [file = '', limit = '25', engineName = 'mock'] = process.argv.slice(2);
const result = {
  file,
  engine: engineName,
  loaded: false,
  loadMs: 0,
  ...zeroCounts(),
  error: '',
  samples: [] as string[],
};
const note = (line: string) => result.samples.length < 30 && result.samples.push(line);
let engine: Engine | undefined;
// Ended from outside at the time limit: Prism's process must not outlive this one.
process.on('SIGTERM', () => {
  killPrisms();
  process.exit(1);
});
const started = performance.now();
try {
  engine = engineName === 'prism' ? await startPrism(file) : await startMock(file);
  result.loadMs = Math.round(performance.now() - started);
  result.loaded = true;
  // Operations are read only as they are used: reading all of a large document (Microsoft Graph's 11,422)
  // was most of the run's time, for the 25 operations sent and the few candidate twins of a faulty answer.
  const { operations: index } = await indexPrismOperations(file);
  const judge = ajvJudge(file);
  const answeredTwin = (prism: PrismOperation, status: number, mediaType: string, body: string) => {
    const candidates = index.filter((source) => mayBeTwins(prism, source)).map((source) => source.read() as PrismOperation);
    const twins = indistinguishableTwins(prism, candidates);
    const fits = twins.find((twin) => judge(twin.path, twin.method, status, mediaType, JSON.parse(body)).length === 0);
    return fits && `${fits.method.toUpperCase()} ${fits.path}`;
  };
  for (const source of index.slice(0, Number(limit))) {
    const prism = source.read() as PrismOperation;
    const operation = { name: `${prism.method.toUpperCase()} ${prism.path}`, prism, cases: [] };
    let request: ReturnType<typeof render> | undefined;
    let unbuildable: readonly string[];
    try {
      const parts = validParts(operation);
      unbuildable = unbuildableParts(parts);
      request = render(operation, parts, 'valid');
    } catch (error) {
      unbuildable = [`the harness failed: ${(error as Error).message.slice(0, 80)}`];
    }
    // A request the harness cannot make valid is counted apart, never as the engine's fault.
    if (unbuildable.length > 0 || request === undefined) {
      result.notBuildable += 1;
      note(`${operation.name}: not buildable: ${unbuildable.join('; ').slice(0, 160)}`);
      continue;
    }
    let response: Awaited<ReturnType<Engine['send']>>;
    try {
      response = await engine.send(request);
    } catch (error) {
      // An answer that breaks HTTP (a body shorter than its Content-Length) is the engine's fault.
      result.answers += 1;
      result.serverErrors += 1;
      note(`${operation.name}: broken answer: ${(error as Error).message.slice(0, 120)}`);
      continue;
    }
    result.answers += 1;
    const fault = (what: string) => note(`${operation.name} -> ${response.status}: ${what}`);
    if (response.status >= 500) {
      result.serverErrors += 1;
      fault(response.body.slice(0, 160));
      continue;
    }
    if (response.rejected) {
      result.rejected += 1;
      fault(response.body.slice(0, 160));
      continue;
    }
    const codes = prism.responses.map((r) => r.code.toUpperCase());
    const status = String(response.status);
    if (codes.length > 0 && !codes.includes(status) && !codes.includes(`${status[0]}XX`) && !codes.includes('DEFAULT')) {
      result.undocumented += 1;
      fault('status not documented');
      continue;
    }
    const mediaType = response.contentType.split(';')[0]?.trim().toLowerCase() ?? '';
    const sequence = sequentialKind(mediaType);
    if ((sequence === 'json-seq' || sequence === 'jsonl') && response.body !== '') {
      // A JSON sequence (RFC 7464) or JSON Lines is no JSON text: each record must be one.
      const records = response.body.split(sequence === 'json-seq' ? '\x1e' : '\n').filter((record) => record.trim() !== '');
      const broken = records.find((record) => !parses(record));
      if (broken !== undefined) {
        result.invalid += 1;
        fault(`a ${mediaType} record is not JSON: ${broken.slice(0, 80)}`);
        continue;
      }
    } else if (/json/.test(mediaType) && response.body !== '') {
      let problems: string[];
      try {
        problems = judge(prism.path, prism.method, response.status, mediaType, JSON.parse(response.body));
      } catch (error) {
        problems = [`unparsable or unjudgeable: ${(error as Error).message.slice(0, 80)}`];
      }
      // A document may hold operations no request can tell apart: an answer valid for one of them is one it allows.
      const twin = problems.length > 0 ? answeredTwin(prism, response.status, mediaType, response.body) : undefined;
      if (twin !== undefined) note(`${operation.name} -> ${response.status}: answered as ${twin}, which no request can tell from it`);
      else if (problems.length > 0) {
        result.invalid += 1;
        fault(problems.join('; ').slice(0, 160));
        continue;
      }
    }
    result.faithful += 1;
  }
} catch (error) {
  result.error = (error as Error).message.split('\n')[0]?.slice(0, 200) ?? '';
}
await engine?.close();

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
process.stdout.write(`${JSON.stringify(result)}\n`);
process.exit(0);
