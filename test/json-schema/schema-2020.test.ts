import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { MockServer } from '../../src/index.js';
import { ajvJudge } from '../corpus/independent/ajv-judge.js';
import { eventually } from '../support/eventually.js';
import { closeServersAfterEach, mockServer } from '../support/servers.js';

closeServersAfterEach();

const SPEC = new URL('./fixtures/schema-2020.yaml', import.meta.url).pathname;
const TEXT = readFileSync(SPEC, 'utf8');
const JSON_TYPE = { 'content-type': 'application/json' };

/** The fixture with its first line (`openapi: 3.1.0`) replaced, written to a file of its own. */
function variant(name: string, head: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'plantstore-dialect-')), `${name}.yaml`);
  writeFileSync(file, `${head}\n${TEXT.slice(TEXT.indexOf('\n') + 1)}`);
  return file;
}

async function post(server: MockServer, url: string, body: unknown) {
  const payload = typeof body === 'string' ? body : JSON.stringify(body);
  const response = await server.inject({ method: 'POST', url, headers: JSON_TYPE, payload });
  return { status: response.statusCode, message: response.statusCode >= 400 ? String(response.json().message) : '' };
}

describe('OpenAPI 3.1 schemas are judged as JSON Schema 2020-12', () => {
  it.each([
    ['/closed', { name: 'a', size: 2 }, { name: 'a', size: 2, extra: 1 }, "must NOT have unevaluated properties: 'extra'"],
    ['/tuples', ['point', 1], ['point', 1, 2], 'must NOT have more than 2 items'],
    ['/tuples', ['point', 1], ['line', 1], 'body.0 must be equal to constant'],
    ['/dependent', { kind: 'card', number: '1234', expiry: '12/30' }, { kind: 'card', number: '1234' }, 'must have property expiry'],
    ['/dependent', { kind: 'card', billing: 'x', zip: '1' }, { kind: 'card', billing: 'x' }, 'body.zip is required'],
    ['/contains', { scores: [1, 2, 'a'] }, { scores: [1, 'a'] }, 'must contain at least 2 and no more than 3 valid item(s)'],
    ['/contains', { scores: [1, 2], note: null }, { scores: [1, 2, 3, 4] }, 'must contain at least 2 and no more than 3'],
    ['/shapes', { at: { x: 1, y: 2 } }, { at: { x: 1, y: 2, z: 3 } }, "body.at must NOT have unevaluated properties: 'z'"],
    [
      '/trees',
      { name: 'a', children: [{ name: 'b' }] },
      { name: 'a', children: [{ other: 1 }] },
      'body.children.0 must NOT have unevaluated',
    ],
  ])('%s takes %j and refuses %j', async (url, valid, invalid, message) => {
    const server = await mockServer({ spec: SPEC });
    expect((await post(server, url, valid)).status).toBeLessThan(300);
    const refused = await post(server, url, invalid);
    expect(refused.status).toBe(400);
    expect(refused.message).toContain(message);
  });

  it('judges query and header parameters in the same dialect', async () => {
    const server = await mockServer({ spec: SPEC });
    const get = async (url: string, headers: Record<string, string> = {}) => (await server.inject({ url, headers })).statusCode;
    expect(await get('/filters?filter[level]=high')).toBe(204);
    expect(await get('/filters?filter[level]=high&filter[other]=1')).toBe(400);
    expect(await get('/filters', { 'x-pair': 'a,c' })).toBe(204);
    expect(await get('/filters', { 'x-pair': 'c,a' })).toBe(400);
  });

  it('judges form fields and multipart JSON parts in the same dialect', async () => {
    const server = await mockServer({ spec: SPEC });
    const form = async (payload: string) =>
      (await server.inject({ method: 'POST', url: '/forms', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload }))
        .statusCode;
    expect(await form('a=1&b=2')).toBe(204);
    expect(await form('a=1')).toBe(400);
    const part = (json: string) =>
      `--B\r\nContent-Disposition: form-data; name="meta"\r\nContent-Type: application/json\r\n\r\n${json}\r\n--B--\r\n`;
    const multipart = async (json: string) =>
      (
        await server.inject({
          method: 'POST',
          url: '/forms',
          headers: { 'content-type': 'multipart/form-data; boundary=B' },
          payload: part(json),
        })
      ).statusCode;
    expect(await multipart('{"x": 1}')).toBe(204);
    expect(await multipart('{"x": 1, "y": 2}')).toBe(400);
  });

  it("runs patterns in linear time and reads only a body's own members, as in every dialect", async () => {
    const server = await mockServer({ spec: SPEC });
    const started = performance.now();
    const slow = await post(server, '/patterned', { constructor: 'c', name: `${'a'.repeat(40)}!` });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(slow.message).toContain('body.name must match pattern');
    expect((await post(server, '/patterned', { name: 'a b' })).message).toContain('body.constructor is required');
    expect((await post(server, '/patterned', '{"constructor": "c", "name": "a b", "__proto__": 1}')).message).toContain("'__proto__'");
    expect((await post(server, '/patterned', { constructor: 'c', name: 'a b' })).status).toBe(204);
  });

  it('judges as draft-07 a schema 2020-12 cannot compile (a $dynamicRef to another resource), rather than nothing', async () => {
    const server = await mockServer({ spec: SPEC });
    expect((await post(server, '/forests', { name: 'a', trees: [{}] })).status).toBe(204);
    expect((await post(server, '/forests', { name: 1 })).message).toContain('body.name must be string');
  });

  it('judges a schema that names draft-07 as draft-07: its tuple items, not 2020-12 words', async () => {
    const server = await mockServer({ spec: SPEC });
    expect((await post(server, '/legacy', { tuple: ['a', 1], other: true })).status).toBe(204);
    expect((await post(server, '/legacy', { tuple: ['a', 'b'] })).message).toContain('body.tuple.1 must be integer');
    expect((await post(server, '/legacy', { tuple: ['a', 1, 2] })).message).toContain('must NOT have more than 2 items');
  });

  it('answers what the same words allow: static, generated and seeded answers, judged by Ajv 2020-12', async () => {
    const judge = ajvJudge(SPEC);
    const requests: [string, unknown, number][] = [
      ['/closed', { name: 'a' }, 200],
      ['/tuples', ['point', 1], 200],
      ['/dependent', { kind: 'card' }, 200],
      ['/shapes', { at: { x: 1, y: 2 } }, 200],
    ];
    const wrong: string[] = [];
    for (const seed of [1, 2, 3]) {
      const server = await mockServer({ spec: SPEC, seed });
      for (const [url, body, status] of requests) {
        for (const prefer of ['', 'dynamic=true', `dynamic=true, seed=${seed * 7}`]) {
          const response = await server.inject({ method: 'POST', url, headers: { ...JSON_TYPE, prefer }, payload: JSON.stringify(body) });
          expect(response.statusCode).toBe(status);
          const problems = judge(url, 'post', status, 'application/json', response.json());
          if (problems.length > 0) wrong.push(`${url} ${prefer} seed ${seed}: ${problems.join('; ')}: ${response.body}`);
        }
      }
      for (const prefer of ['', 'dynamic=true']) {
        const scores = await server.inject({ url: '/scores', headers: { prefer } });
        const problems = judge('/scores', 'get', 200, 'application/json', scores.json());
        if (problems.length > 0) wrong.push(`/scores ${prefer} seed ${seed}: ${problems.join('; ')}: ${scores.body}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('judges by the document’s jsonSchemaDialect, and warns of one it does not know (judged as 2020-12)', async () => {
    const draft7 = await mockServer({
      spec: variant('draft7', 'openapi: 3.1.0\njsonSchemaDialect: http://json-schema.org/draft-07/schema#'),
    });
    expect((await post(draft7, '/closed', { name: 'a', extra: 1 })).status).toBe(200);
    const base = await mockServer({
      spec: variant('base', 'openapi: 3.1.1\njsonSchemaDialect: https://spec.openapis.org/oas/3.1/dialect/base'),
    });
    expect((await post(base, '/closed', { name: 'a', extra: 1 })).status).toBe(400);
    const unknown = await mockServer({ spec: variant('unknown', 'openapi: 3.1.0\njsonSchemaDialect: https://example.com/our-dialect') });
    expect((await post(unknown, '/closed', { name: 'a', extra: 1 })).status).toBe(400);
    await eventually(async () => (await unknown.inject({ url: '/__mock/document' })).json().lint.complete === true);
    const findings = (await unknown.inject({ url: '/__mock/document' })).json().lint.findings;
    expect(findings).toContainEqual({
      kind: 'schema',
      pointer: '/jsonSchemaDialect',
      message: '"https://example.com/our-dialect" is no JSON Schema dialect the mock knows: the schemas are judged as JSON Schema 2020-12',
    });
  });

  it('judges OpenAPI 3.2 documents alike', async () => {
    const server = await mockServer({ spec: variant('v32', 'openapi: 3.2.0') });
    expect((await post(server, '/closed', { name: 'a', extra: 1 })).status).toBe(400);
    expect((await post(server, '/dependent', { kind: 'card', number: '1234' })).status).toBe(400);
  });

  it('leaves OpenAPI 3.0 as it was: 2020-12 words are no words of its dialect', async () => {
    const server = await mockServer({ spec: variant('v30', 'openapi: 3.0.3') });
    expect((await post(server, '/closed', { name: 'a', extra: 1 })).status).toBe(200);
    expect((await post(server, '/dependent', { kind: 'card', number: '1234' })).status).toBe(200);
    expect((await post(server, '/shapes', { at: { x: 1, y: 2, z: 3 } })).status).toBe(200);
  });

  it('leaves Swagger 2.0 as it was', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'plantstore-dialect-')), 'swagger.yaml');
    const body =
      '{in: body, name: body, required: true, schema: {type: object, properties: {a: {type: string}}, unevaluatedProperties: false}}';
    writeFileSync(
      file,
      `swagger: '2.0'\ninfo: {title: t, version: '1'}\npaths:\n  /things:\n    post:\n      consumes: [application/json]\n      parameters: [${body}]\n      responses: {'204': {description: ok}}\n`,
    );
    const server = await mockServer({ spec: file });
    expect((await post(server, '/things', { a: 'x', extra: 1 })).status).toBe(204);
    expect((await post(server, '/things', { a: 1 })).status).toBe(400);
  });
});
