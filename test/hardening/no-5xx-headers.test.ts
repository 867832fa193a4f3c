import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { closeServersAfterEach, mockServer } from '../support/servers.js';

closeServersAfterEach();

const dir = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const DOCUMENTS = [
  ...readdirSync(dir('../fixtures/'))
    .filter((file) => /\.yaml$/.test(file) && !['broken.yaml', 'not-openapi.yaml'].includes(file))
    .map((file) => dir(`../fixtures/${file}`)),
  ...readdirSync(dir('../corpus/documents/')).map((file) => dir(`../corpus/documents/${file}`)),
];

/** Header values that break parsers: unparsable media types, odd parameters, lists, nonsense. */
const oddMediaType = fc.oneof(
  fc.constantFrom('a/b/c', '/', 'application/json; charset', 'text/plain;;;', 'a/b; x="', '*/*', 'application/*', ';', 'json'),
  fc.constantFrom('application/json, text/plain', 'multipart/form-data; boundary=', 'application/x-www-form-urlencoded', ' '),
  fc.string({ maxLength: 20 }).filter((s) => /^[\x20-\x7e]*$/.test(s)),
);
const prefer = fc.oneof(
  fc.constantFrom('code=500', 'code=abc', 'example=__proto__', 'dynamic=true, seed=-1', 'seed=1e400', 'code=200, code=404', ''),
  fc.string({ maxLength: 20 }).filter((s) => /^[\x20-\x7e]*$/.test(s)),
);
const mockHeader = fc.oneof(
  fc.constantFrom('happy-path', 'unknown', '../etc', '__proto__', 'constructor', 'a'.repeat(200)),
  fc.string({ maxLength: 10 }).filter((s) => /^[\x21-\x7e]*$/.test(s)),
);
const body = fc.option(fc.constantFrom('{}', '{"id": 1, "name": "x"}', 'not json', '<a/>', '[]', 'id=1&name=x'), { nil: undefined });

function pathsOf(file: string): string[] {
  const document = parse(readFileSync(file, 'utf8')) as { paths?: Record<string, unknown>; basePath?: string };
  const base = document.basePath && document.basePath !== '/' ? document.basePath : '';
  return Object.keys(document.paths ?? {}).map((path) => `${base}${path.replace(/\{[^}]+\}/g, '1')}`);
}

describe('never a 5xx from client input', () => {
  it.each(DOCUMENTS.map((file) => [file.split('/').pop() as string, file]))(
    '%s: random Content-Type, Accept, Prefer and mock headers',
    async (_name, file) => {
      const server = await mockServer({ spec: file, stateful: true });
      const paths = pathsOf(file);
      if (paths.length === 0) return;
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...paths),
          fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'),
          fc.record(
            { 'content-type': oddMediaType, accept: oddMediaType, prefer, 'x-mock-scenario': mockHeader, 'x-mock-session': mockHeader },
            { requiredKeys: [] },
          ),
          body,
          async (path, method, headers, payload) => {
            const response = await server.inject({
              method: method as 'GET',
              url: path,
              headers: { authorization: 'Bearer t', ...headers },
              ...(payload === undefined || method === 'GET' || method === 'HEAD' ? {} : { payload }),
            });
            expect(response.statusCode, `${method} ${path} ${JSON.stringify(headers)}`).toBeLessThan(500);
          },
        ),
        { numRuns: 40, seed: Number(process.env.FUZZ_SEED ?? 23) },
      );
    },
  );
});
