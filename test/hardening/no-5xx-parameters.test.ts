import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { closeServersAfterEach, mockServer } from '../support/servers.js';

closeServersAfterEach();

const dir = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const yamlIn = (folder: string, skip: readonly string[] = []) =>
  readdirSync(dir(folder))
    .filter((file) => /\.(yaml|json)$/.test(file) && !skip.includes(file))
    .map((file) => dir(`${folder}${file}`));
const DOCUMENTS = [
  dir('fixtures/parameter-styles.yaml'),
  ...yamlIn('../fixtures/', ['broken.yaml', 'not-openapi.yaml']),
  ...yamlIn('../corpus/documents/'),
  ...yamlIn('../api/fixtures/'),
];

type Json = Record<string, unknown>;
interface Parameter {
  readonly name: string;
  readonly in: 'path' | 'query' | 'header' | 'cookie';
}
interface Operation {
  readonly method: string;
  readonly path: string;
  readonly parameters: readonly Parameter[];
}

/** A local `$ref`, followed (the fixtures refer within themselves only). */
function resolve(document: Json, value: unknown): Json {
  let current = value as Json;
  for (let hops = 0; typeof current?.$ref === 'string' && hops < 10; hops++) {
    const pointer = (current.$ref as string).replace(/^#\//, '').split('/');
    current = pointer.reduce<unknown>((at, key) => (at as Json)?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], document) as Json;
  }
  return current ?? {};
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const LOCATIONS = ['path', 'query', 'header', 'cookie'];

function operationsOf(file: string): { operations: Operation[]; credentials: Parameter[] } {
  const document = parse(readFileSync(file, 'utf8')) as Json;
  const base = typeof document.basePath === 'string' && document.basePath !== '/' ? document.basePath : '';
  const read = (list: unknown) =>
    (Array.isArray(list) ? list : [])
      .map((p) => resolve(document, p))
      .filter((p) => typeof p.name === 'string' && LOCATIONS.includes(p.in as string)) as unknown as Parameter[];
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries((document.paths ?? {}) as Record<string, Json>)) {
    const shared = read(resolve(document, item).parameters);
    for (const method of METHODS) {
      const operation = (item as Json)[method] as Json | undefined;
      if (!operation) continue;
      const own = read(operation.parameters);
      const parameters = [...own, ...shared.filter((s) => !own.some((o) => o.name === s.name && o.in === s.in))];
      operations.push({ method: method.toUpperCase(), path: `${base}${path}`, parameters });
    }
  }
  const schemes = Object.values(((document.components as Json)?.securitySchemes ?? document.securityDefinitions ?? {}) as Json);
  const credentials = schemes
    .map((scheme) => resolve(document, scheme))
    .filter((scheme) => scheme.type === 'apiKey')
    .map((scheme) => ({ name: scheme.name, in: scheme.in }) as Parameter);
  return { operations, credentials };
}

/** What a client may send for a parameter: nothing, an empty value, a malformed one, or the name twice. */
type Sent = { kind: 'absent' } | { kind: 'empty' } | { kind: 'odd'; value: string } | { kind: 'repeated'; values: [string, string] };
const oddValue = fc.oneof(
  fc.constantFrom('x', ',', ',,', '=', 'a=1,b', 'a,1,b', '[]', '{', '{"a":', 'null', '-1e999', ';', '.', ';a=', '.a.b', ' ', '%', '%zz'),
  fc.stringMatching(/^[\x21-\x7e]{1,12}$/),
);
const sent: fc.Arbitrary<Sent> = fc.oneof(
  fc.constant({ kind: 'absent' as const }),
  fc.constant({ kind: 'empty' as const }),
  oddValue.map((value) => ({ kind: 'odd' as const, value })),
  fc.tuple(oddValue, oddValue).map((values) => ({ kind: 'repeated' as const, values })),
);
/** How a query parameter's name is spelt: as declared, or in a bracket or index dialect. */
const spelling = fc.constantFrom('', '[]', '[0]', '[a]');

interface Request {
  url: string;
  headers: Record<string, string | string[]>;
}

function request(operation: Operation, credentials: readonly Parameter[], values: readonly Sent[], spellings: readonly string[]): Request {
  const query: string[] = [];
  const headers: Record<string, string | string[]> = { authorization: 'Bearer t' };
  const cookies: string[] = [];
  const credentialValues = credentials.map(() => ({ kind: 'odd', value: 'k' }) as Sent);
  let path = operation.path;
  const all = [
    ...operation.parameters.map((p, i) => [p, values[i], spellings[i]] as const),
    ...credentials.map((p, i) => [p, credentialValues[i], ''] as const),
  ];
  for (const [parameter, value, spelt] of all) {
    if (value === undefined) continue;
    const texts = value.kind === 'absent' ? [] : value.kind === 'empty' ? [''] : value.kind === 'odd' ? [value.value] : value.values;
    switch (parameter.in) {
      case 'path':
        path = path.replace(`{${parameter.name}}`, encodeURIComponent(texts[0] ?? '1'));
        break;
      case 'query':
        for (const text of texts) query.push(`${encodeURIComponent(parameter.name)}${encodeURI(spelt ?? '')}=${encodeURIComponent(text)}`);
        break;
      case 'header':
        if (texts.length > 0 && /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(parameter.name))
          headers[parameter.name.toLowerCase()] = texts.length === 1 ? (texts[0] as string).trim() : texts.map((t) => t.trim());
        break;
      case 'cookie':
        for (const text of texts) cookies.push(`${parameter.name}=${text.replace(/[;\s]/g, '')}`);
        break;
    }
  }
  if (cookies.length > 0) headers.cookie = cookies.join('; ');
  return { url: `${path.replace(/\{[^}]+\}/g, '1')}${query.length > 0 ? `?${query.join('&')}` : ''}`, headers };
}

describe('never a 5xx from absent, empty, malformed or repeated parameters', () => {
  it.each(DOCUMENTS.map((file) => [file.split('/').pop() as string, file]))(
    '%s: every parameter of every operation',
    async (_name, file) => {
      const { operations, credentials } = operationsOf(file);
      const walked = operations.filter((operation) => operation.parameters.length > 0);
      if (walked.length === 0) return;
      const server = await mockServer({ spec: file });
      const cases = fc
        .constantFrom(...walked)
        .chain((operation) =>
          fc.tuple(
            fc.constant(operation),
            fc.array(sent, { minLength: operation.parameters.length, maxLength: operation.parameters.length }),
            fc.array(spelling, { minLength: operation.parameters.length, maxLength: operation.parameters.length }),
          ),
        );
      await fc.assert(
        fc.asyncProperty(cases, async ([operation, values, spellings]) => {
          const { url, headers } = request(operation, credentials, values, spellings);
          const response = await server.inject({ method: operation.method as 'GET', url, headers });
          expect(response.statusCode, `${operation.method} ${url} ${JSON.stringify(headers)}`).toBeLessThan(500);
        }),
        { numRuns: Math.min(200, 30 * walked.length), seed: Number(process.env.FUZZ_SEED ?? 39) },
      );
    },
  );

  it('answers an operation whose optional array and object headers are absent (was 500 in Prism)', async () => {
    const server = await mockServer({ spec: DOCUMENTS[0] as string });
    const absent = await server.inject({ url: '/headers', headers: { 'x-required-array': 'a,b' } });
    expect(absent.statusCode).toBe(200);
    const missing = await server.inject({ url: '/headers' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/x-required-array/);
    const waived = await mockServer({ spec: DOCUMENTS[0] as string, validateRequest: false });
    expect((await waived.inject({ url: '/headers' })).statusCode).toBe(200);
  });
});
