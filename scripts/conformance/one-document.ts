/**
 * One document of the conformance run, in its own process (a document that hangs the loader is ended
 * from outside): valid requests built from the document (the corpus harness) for up to N operations,
 * each answer judged by Ajv on the document as written. Prints one JSON line.
 */
import { createMockServer } from '../../dist/index.js';
import { readPrismOperations } from '../../dist/prism/load-operations.js';
import { render, unbuildableParts, validParts } from '../../test/corpus/harness/build-requests.js';
import type { PrismOperation } from '../../test/corpus/harness/types.js';
import { ajvJudge } from '../../test/corpus/independent/ajv-judge.js';

const [file = '', limit = '25'] = process.argv.slice(2);
const result = {
  file,
  loaded: false,
  loadMs: 0,
  answers: 0,
  faithful: 0,
  serverErrors: 0,
  rejected: 0,
  notBuildable: 0,
  invalid: 0,
  undocumented: 0,
  error: '',
  samples: [] as string[],
};
const started = performance.now();
try {
  const server = await createMockServer({ spec: file, seed: 1, logLevel: 'silent' });
  result.loadMs = Math.round(performance.now() - started);
  result.loaded = true;
  const { operations } = await readPrismOperations(file);
  const judge = ajvJudge(file);
  for (const prism of (operations as PrismOperation[]).slice(0, Number(limit))) {
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
    // A request the harness cannot make valid is counted apart, never as the mock's fault.
    if (unbuildable.length > 0 || request === undefined) {
      result.notBuildable += 1;
      if (result.samples.length < 30) result.samples.push(`${operation.name}: not buildable: ${unbuildable.join('; ').slice(0, 160)}`);
      continue;
    }
    const response = await server.inject({
      method: request.method as 'GET',
      url: request.url,
      headers: request.headers,
      payload: request.payload,
    });
    result.answers += 1;
    const note = (what: string) =>
      result.samples.length < 30 && result.samples.push(`${operation.name} -> ${response.statusCode}: ${what}`);
    if (response.statusCode >= 500) {
      result.serverErrors += 1;
      note(response.body.slice(0, 160));
      continue;
    }
    if (response.headers['x-mock-error'] !== undefined) {
      result.rejected += 1;
      note(response.body.slice(0, 160));
      continue;
    }
    const codes = prism.responses.map((r) => r.code.toUpperCase());
    const status = String(response.statusCode);
    if (codes.length > 0 && !codes.includes(status) && !codes.includes(`${status[0]}XX`) && !codes.includes('DEFAULT')) {
      result.undocumented += 1;
      note('status not documented');
      continue;
    }
    const mediaType =
      String(response.headers['content-type'] ?? '')
        .split(';')[0]
        ?.trim()
        .toLowerCase() ?? '';
    if (/json/.test(mediaType) && response.body !== '') {
      let problems: string[];
      try {
        problems = judge(prism.path, prism.method, response.statusCode, mediaType, JSON.parse(response.body));
      } catch (error) {
        problems = [`unparsable or unjudgeable: ${(error as Error).message.slice(0, 80)}`];
      }
      if (problems.length > 0) {
        result.invalid += 1;
        note(problems.join('; ').slice(0, 160));
        continue;
      }
    }
    result.faithful += 1;
  }
  await server.close();
} catch (error) {
  result.error = (error as Error).message.split('\n')[0]?.slice(0, 200) ?? '';
}
process.stdout.write(`${JSON.stringify(result)}\n`);
process.exit(0);
