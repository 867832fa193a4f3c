import { describe, expect, it } from 'vitest';
import { ajvJudge } from '../corpus/independent/ajv-judge.js';
import { eventually } from '../support/eventually.js';
import { closeServersAfterEach, mockServer } from '../support/servers.js';

closeServersAfterEach();

const spec = new URL('./fixtures/real-document-requests.yaml', import.meta.url).pathname;
const manyCycles = new URL('./fixtures/many-cycles.json', import.meta.url).pathname;
const swagger2 = new URL('./fixtures/form-arrays-swagger2.yaml', import.meta.url).pathname;
const json = { 'content-type': 'application/json' };
const form = { 'content-type': 'application/x-www-form-urlencoded' };

describe('requests of real public documents', () => {
  it('read and validate the body of a GET that documents one', async () => {
    const server = await mockServer({ spec });
    const url = '/servers/main/waitStatistics';
    const valid = await server.inject({ method: 'GET', url, headers: json, payload: '{"from":"2024-05-01T10:00:00Z"}' });
    expect(valid.statusCode).toBe(200);
    const invalid = await server.inject({ method: 'GET', url, headers: json, payload: '{"from":"yesterday"}' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toContain('from');
    expect((await server.inject({ method: 'GET', url })).statusCode).toBe(400);
  });

  it('accept a body of a media type it cannot read into the schema, and still require one', async () => {
    const server = await mockServer({ spec });
    const message = 'From: fern@example.com\r\nSubject: hello\r\n\r\nbody';
    const sent = await server.inject({ method: 'POST', url: '/drafts', headers: { 'content-type': 'message/rfc822' }, payload: message });
    expect(sent.statusCode).toBe(200);
    expect((await server.inject({ method: 'POST', url: '/drafts', headers: json, payload: '[1]' })).statusCode).toBe(400);
    expect((await server.inject({ method: 'POST', url: '/drafts', headers: { 'content-type': 'message/rfc822' } })).statusCode).toBe(400);
  });

  it('judge a form whose schema is a string as its whole text, and still require one', async () => {
    const server = await mockServer({ spec });
    const send = (headers: Record<string, string>, payload?: string) =>
      server.inject({ method: 'POST', url: '/food/detect', headers, payload });
    expect((await send(form, 'text=I like to eat delicious tacos')).statusCode).toBe(200);
    expect((await send(form, 'words=tacos')).statusCode).toBe(400);
    expect((await send(form)).statusCode).toBe(400);
    const multipart = { 'content-type': 'multipart/form-data; boundary=b' };
    expect((await send(multipart, '--b\r\nContent-Disposition: form-data; name="file"\r\n\r\nfern\r\n--b--\r\n')).statusCode).toBe(200);
  });

  it('read OpenAPI 3 form arrays as repeated fields, a delimited style split, and a required one without a field as missing', async () => {
    const server = await mockServer({ spec });
    const send = (payload: string) => server.inject({ method: 'GET', url: '/groups', headers: form, payload });
    for (const payload of [
      'skip_groups=1&queues=a',
      'skip_groups=1&skip_groups=2&queues=a&queues=b',
      'per_page=5&queues=a',
      'tags=a%7Cb&filter[max]=3&queues=a',
    ])
      expect((await send(payload)).statusCode, payload).toBe(200);
    for (const payload of ['per_page=5', '']) {
      const missing = await send(payload);
      expect(missing.statusCode, payload).toBe(400);
      expect(missing.json().message, payload).toContain('queues');
    }
    const invalid = await send('skip_groups=one');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toContain('skip_groups');
    expect((await send('skip_groups=1,2')).statusCode).toBe(400);
    expect((await send('limits=')).statusCode).toBe(400);
    expect((await send('filter[max]=many')).statusCode).toBe(400);
  });

  // files.com's POST /bundles without `paths`: Rails' params.require (as Spring's required @RequestParam,
  // FastAPI's required List Form field) refuses a form without the field; it is no empty list.
  it('refuse a multipart or urlencoded form without a field for a required array or object', async () => {
    const server = await mockServer({ spec });
    const multipart = { 'content-type': 'multipart/form-data; boundary=B' };
    const part = (name: string, value: string, type = '') =>
      `--B\r\nContent-Disposition: form-data; name="${name}"\r\n${type}\r\n${value}\r\n`;
    const owner = part('owner', '{"name":"fern"}', 'Content-Type: application/json\r\n');
    const sends = [
      [multipart, `${part('paths', 'a.txt')}${owner}--B--\r\n`, 201],
      [multipart, `${part('paths', 'a.txt')}${part('paths', 'b.txt')}${owner}--B--\r\n`, 201],
      [multipart, '--B--\r\n', 400],
      [multipart, `${owner}--B--\r\n`, 400],
      [multipart, `${part('paths', 'a.txt')}--B--\r\n`, 400],
      [form, 'paths=a.txt&owner=%7B%22name%22%3A%22fern%22%7D', 201],
      [form, 'owner=%7B%7D&note=x', 400],
      [form, 'paths=a.txt&note=x', 400],
      // The body is optional, but a form sent empty is a form without its required fields: no urlencoded
      // reader finds them, and no multipart reader (busboy, Go's, Steady) reads zero bytes as a form at all.
      [form, '', 400],
      [multipart, '', 400],
      [{}, '', 201],
    ] as const;
    for (const [headers, payload, status] of sends) {
      const answer = await server.inject({ method: 'POST', url: '/bundles', headers, payload });
      expect(answer.statusCode, `${JSON.stringify(headers)} ${payload}`).toBe(status);
    }
  });

  it('read Swagger 2.0 form arrays per collectionFormat, csv when none is written', async () => {
    const server = await mockServer({ spec: swagger2 });
    const send = (payload: string) => server.inject({ method: 'POST', url: '/groups', headers: form, payload });
    const valid = ['plain=1,2', 'plain=1', 'csv=1%2C2', 'ssv=a+b', 'tsv=a%09b', 'pipes=1|2', 'multi=1&multi=2'];
    for (const payload of valid) expect((await send(`name=fern&${payload}`)).statusCode, payload).toBe(200);
    for (const payload of ['plain=1&plain=x', 'csv=1,x', 'pipes=1,2', 'multi=1,2']) {
      const response = await send(`name=fern&${payload}`);
      expect(response.statusCode, payload).toBe(400);
      expect(response.json().message, payload).not.toContain('Reserved characters');
    }
    expect((await send('plain=1')).statusCode).toBe(400);
  });

  it('read multipart form arrays the same way, and still answer 415 to a multipart body without a boundary', async () => {
    const server = await mockServer({ spec: swagger2 });
    const part = (name: string, value: string) => `--b\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const send = (parts: string, type = 'multipart/form-data; boundary=b') =>
      server.inject({
        method: 'POST',
        url: '/uploads',
        headers: { 'content-type': type },
        payload: `${part('file', 'abc')}${parts}--b--\r\n`,
      });
    for (const parts of [part('plain', '1,2'), part('multi', '1') + part('multi', '2'), ''])
      expect((await send(parts)).statusCode, parts).toBe(200);
    for (const parts of [part('plain', '1,x'), part('multi', '1') + part('multi', 'x')])
      expect((await send(parts)).statusCode, parts).toBe(400);
    expect((await send('', 'multipart/form-data')).statusCode).toBe(415);
  });

  it('never answer 5xx to binary parts, parts without a filename or Content-Type, odd boundaries and charsets', async () => {
    const server = await mockServer({ spec: swagger2 });
    const send = (boundary: string, payload: Buffer | string) =>
      server.inject({ method: 'POST', url: '/uploads', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
    const binary = Buffer.concat([
      Buffer.from('--XX\r\nContent-Disposition: form-data; name="file"; filename="a.bin"\r\n\r\n'),
      Buffer.from([0, 0xff, 0xfe, 0x0d]),
      Buffer.from('\r\n--XX--\r\n'),
    ]);
    expect((await send('XX', binary)).statusCode).toBe(200);
    const unquoted =
      '--"a b"\r\nContent-Disposition: form-data; name=file; filename=x\r\nContent-Type: text/plain; charset=x-odd\r\n\r\nhi\r\n--"a b"--';
    for (const [boundary, payload] of [
      ['"\\"a b\\""', unquoted],
      ['b', '--b\r\nContent-Type: text/plain\r\n\r\nno disposition\r\n--b--'],
      ['b', '--b\nContent-Disposition: form-data; name="file"\n\nbare line feeds'],
      ['(x)', 'no delimiter at all'],
    ] as const)
      expect((await send(boundary, payload)).statusCode, payload).toBeLessThan(500);
  });

  it('read a multipart list of objects as JSON, in one part or the part repeated', async () => {
    const server = await mockServer({ spec });
    const part = (value: string) =>
      `--b\r\nContent-Disposition: form-data; name="parts"\r\nContent-Type: application/json\r\n\r\n${value}\r\n`;
    const send = (parts: string) =>
      server.inject({
        method: 'POST',
        url: '/upload',
        headers: { 'content-type': 'multipart/form-data; boundary=b' },
        payload: `${parts}--b--\r\n`,
      });
    expect((await send(part('[{}]'))).statusCode).toBe(200);
    expect((await send(part('{"size":1}') + part('{}'))).statusCode).toBe(200);
    expect((await send(part('[{"size":"big"}]'))).statusCode).toBe(400);
  });

  it('read urlencoded object fields as JSON where the document writes no style', async () => {
    const server = await mockServer({ spec });
    const send = (payload: string) => server.inject({ method: 'POST', url: '/accounts', headers: form, payload });
    expect((await send('crm_params=%7B%22id%22%3A1%7D&custom_fields=%7B%7D&custom_fields=%7B%7D')).statusCode).toBe(200);
    expect((await send('crm_params=%7B%22id%22%3A%22x%22%7D')).statusCode).toBe(400);
    expect((await send('crm_params=plain')).statusCode).toBe(400);
  });

  it('answer a documented type to the Accept value an Accept parameter tells clients to send, and 406 elsewhere', async () => {
    const server = await mockServer({ spec, strictAccept: true });
    const preview = await server.inject({ url: '/hooks', headers: { accept: 'application/vnd.github.preview+json' } });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toContain('application/json');
    const reports = await server.inject({ url: '/reports', headers: { accept: 'application/json' } });
    expect(reports.statusCode).toBe(406);
  });

  it('take credentials under an HTTP scheme Prism does not know, and still ask for them', async () => {
    const server = await mockServer({ spec });
    const send = (authorization?: string) =>
      server.inject({ method: 'POST', url: '/tokens', headers: authorization ? { authorization } : {} });
    expect((await send('Mutual sid=1, data=abc')).statusCode).toBe(200);
    expect((await send('Bearer abc')).statusCode).toBe(401);
    expect((await send()).statusCode).toBe(401);
  });

  it('answer the smallest valid value where a required part recurses past the depth bound', async () => {
    const server = await mockServer({ spec, seed: 3 });
    const judge = ajvJudge(spec);
    for (const prefer of ['dynamic=false', 'dynamic=true']) {
      const response = await server.inject({ method: 'GET', url: '/messages/7', headers: { prefer } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toHaveProperty('user.pinned.0.message');
      expect(judge('/messages/{id}', 'get', 200, 'application/json', response.json()), prefer).toEqual([]);
    }
  });

  it('check schemas with more than 20 cycles alike, rejecting what breaks them and never serving such an example', async () => {
    const server = await mockServer({ spec: manyCycles });
    const send = (body: unknown) => server.inject({ method: 'POST', url: '/forests', headers: json, payload: JSON.stringify(body) });
    const valid = await send({ name: 'Black Forest', grove22: { kind: 'oak', kids: [{ kind: 'ash' }] } });
    expect(valid.statusCode).toBe(200);
    expect(ajvJudge(manyCycles)('/forests', 'post', 200, 'application/json', valid.json())).toEqual([]);
    for (const body of [
      { name: 'a', grove22: { kind: 'oak', kids: 'none' } },
      { name: 'a', grove21: { kids: [] } },
    ])
      expect((await send(body)).statusCode, JSON.stringify(body)).toBe(400);
    const lint = (await server.inject({ url: '/__mock/document' })).json().lint;
    expect(JSON.stringify(lint.findings)).toContain('grove22');
  });

  it('answer the example rather than echo a body that lacks a required property the example cannot give', async () => {
    const server = await mockServer({ spec });
    const response = await server.inject({ method: 'POST', url: '/domains', headers: json, payload: { domain: 'a.test' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toBe('{ "domain": "example.com" }');
    expect(ajvJudge(spec)('/domains', 'post', 200, 'application/json', response.json())).toEqual([]);
  });

  it("answer an allOf base's additionalProperties on the properties only the derived schema names", async () => {
    const server = await mockServer({ spec });
    const judge = ajvJudge(spec);
    for (const prefer of ['dynamic=false', 'dynamic=true']) {
      const listed = await server.inject({ url: '/applications', headers: { prefer } });
      expect(listed.statusCode).toBe(200);
      expect(listed.json()).toHaveProperty('settings');
      expect(judge('/applications', 'get', 200, 'application/json', listed.json()), prefer).toEqual([]);
    }
    const created = await server.inject({ method: 'POST', url: '/applications', headers: json, payload: '{"displayName":"fern"}' });
    expect(created.statusCode).toBe(201);
    expect(judge('/applications', 'post', 201, 'application/json', created.json())).toEqual([]);
  });

  it('answer a value matching exactly one branch of overlapping oneOf branches, and never an example matching several', async () => {
    const server = await mockServer({ spec });
    const judge = ajvJudge(spec);
    for (const prefer of ['dynamic=false', 'dynamic=true', 'dynamic=true, seed=3']) {
      const operation = await server.inject({ url: '/operations/7', headers: { prefer } });
      expect(operation.statusCode).toBe(200);
      expect(judge('/operations/{id}', 'get', 200, 'application/json', operation.json()), prefer).toEqual([]);
    }
    // Generated, the second action lacks the required properties it does not list (not a oneOf matter).
    const actions = await server.inject({ url: '/actions' });
    expect(judge('/actions', 'get', 200, 'application/json', actions.json())).toEqual([]);
    // The example matches the analysis and the code review: reported, not served.
    const view = (await server.inject({ url: '/__mock/document' })).json();
    const pointer = '/paths/~1operations~1{id}/get/responses/200/content/application~1json/examples/pending/value';
    expect(view.lint.findings.map((f: { pointer: string }) => f.pointer)).toContain(pointer);
  });

  it('warn at start-up of a response schema no value can satisfy, and still start and answer', async () => {
    const lines: string[] = [];
    const server = await mockServer({ spec, logLevel: 'warn', logStream: { write: (line: string) => lines.push(line) } });
    expect((await server.inject({ url: '/edge-config/items' })).statusCode).toBe(200);
    const pointer = '/paths/~1edge-config~1items/get/responses/200/content/application~1json/schema/properties/value';
    await eventually(async () => (await server.inject({ url: '/__mock/document' })).json().lint.complete === true);
    const findings = (await server.inject({ url: '/__mock/document' })).json().lint.findings;
    expect(findings).toContainEqual(
      expect.objectContaining({ kind: 'schema', pointer, message: expect.stringContaining('type null is none of the types its oneOf') }),
    );
    expect(lines.some((line) => line.includes(`schema at ${pointer}: no value can satisfy it`))).toBe(true);
  });

  it('accept a deprecated parameter, and still check its value and the others', async () => {
    const server = await mockServer({ spec });
    expect((await server.inject({ url: '/openid/login?language=fern&test=true' })).statusCode).toBe(200);
    const invalid = await server.inject({ url: '/openid/login?language=fern&test=maybe' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toContain('test');
    expect(invalid.json().message).not.toContain('deprecated');
    expect((await server.inject({ url: '/openid/login?test=true' })).statusCode).toBe(400);
  });

  it('answer properties named like faker keywords (jsonPath, not, definitions) and url or duration formats valid', async () => {
    const server = await mockServer({ spec, seed: 2 });
    const judge = ajvJudge(spec);
    for (const prefer of ['dynamic=false', 'dynamic=true']) {
      const response = await server.inject({ url: '/restore-plans', headers: { prefer } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toHaveProperty('plans.0.filter.jsonPath', expect.any(String));
      expect(judge('/restore-plans', 'get', 200, 'application/json', response.json()), prefer).toEqual([]);
    }
  });
});
