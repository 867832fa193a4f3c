/**
 * The fuzz script's hostile-document phase: documents written to hurt (backtracking patterns, a deep
 * chain of `$ref`s, a huge enum), each served on its own, sent values built to trip them. Documents
 * are trusted configuration, but a careless one must still not freeze the mock on any request.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMockServer } from '../../src/index.js';
import { judge, timedSend } from './timed-send.js';

const BACKTRACKING = ['^([a-zA-Z0-9]+\\s?)*$', '^(a+)+$', '^(a|aa)+$', '^(\\w+\\s?)*@', '^((ab)*|a)*c$'];
const DEPTH = 300;
const ENUM = 50_000;

function documentWith(body: object, extra: object = {}): string {
  return JSON.stringify({
    openapi: '3.0.3',
    info: { title: 'hostile', version: '1' },
    paths: {
      '/things': {
        post: {
          operationId: 'create',
          requestBody: { required: true, content: { 'application/json': { schema: body } } },
          responses: { '200': { description: 'ok', content: { 'application/json': { schema: body } } } },
        },
      },
    },
    ...extra,
  });
}

const chain = Object.fromEntries(
  Array.from({ length: DEPTH }, (_, i) => [
    `S${i}`,
    i === DEPTH - 1
      ? { type: 'object', properties: { leaf: { type: 'string' } } }
      : { allOf: [{ $ref: `#/components/schemas/S${i + 1}` }] },
  ]),
);

const DOCUMENTS: readonly (readonly [string, string, readonly string[]])[] = [
  ...BACKTRACKING.map((pattern): [string, string, string[]] => [
    `pattern ${pattern}`,
    documentWith({ type: 'object', properties: { v: { type: 'string', pattern } }, patternProperties: { [pattern]: { type: 'string' } } }),
    [
      JSON.stringify({ v: `${'a'.repeat(60)}!` }),
      JSON.stringify({ [`${'a'.repeat(60)}!`]: 'x' }),
      JSON.stringify({ v: `${'ab'.repeat(2000)}x` }),
    ],
  ]),
  [
    `a chain of ${DEPTH} $refs`,
    documentWith({ $ref: '#/components/schemas/S0' }, { components: { schemas: chain } }),
    ['{"leaf": "x"}', '{"leaf": 1}', '[]'],
  ],
  [
    `an enum of ${ENUM} values`,
    documentWith({ type: 'object', properties: { v: { type: 'string', enum: Array.from({ length: ENUM }, (_, i) => `value-${i}`) } } }),
    ['{"v": "value-49999"}', '{"v": "nope"}', JSON.stringify({ v: 'x'.repeat(100_000) })],
  ],
];

/** Returns the failures (empty when every document and request held). */
export async function hostileDocumentPhase(): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'hostile-documents-'));
  const failures: string[] = [];
  try {
    for (const [name, text, bodies] of DOCUMENTS) {
      const spec = join(dir, 'openapi.json');
      await writeFile(spec, text);
      const mock = await createMockServer({ spec }).catch((error: unknown) => error as Error);
      if (mock instanceof Error) continue; // refused at start-up with a clear error: that is an answer too
      const base = await mock.listen();
      const started = Date.now();
      try {
        for (const body of ['{}', ...bodies]) {
          const answer = await timedSend(`${base}/things`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
          const problem = judge(`${name}, body ${body.slice(0, 40)}`, answer);
          if (problem) failures.push(`hostile-document phase: ${problem}`);
        }
      } catch (error) {
        failures.push(`hostile-document phase: ${name}: ${(error as Error).message}`);
      } finally {
        await mock.close();
      }
      if (process.env.FUZZ_VERBOSE) console.log(`fuzz: ${name} in ${Date.now() - started} ms`);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  console.log(`fuzz: ${DOCUMENTS.length} hostile documents served`);
  return failures;
}
