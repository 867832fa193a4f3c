import { describe, expect, it } from 'vitest';
import { closeServersAfterEach, mockServer } from '../support/servers.js';

closeServersAfterEach();

const spec = new URL('./fixtures/schemathesis-edges.yaml', import.meta.url).pathname;
const json = { 'content-type': 'application/json' };
const uuid = 'bc3f7dad-5544-468c-8573-3ef04d55463e';

describe('requests Schemathesis builds on fresh real documents', () => {
  it('judge format url as an absolute URI, as RFC 3986 writes one, or empty', async () => {
    const server = await mockServer({ spec });
    const post = (baseUrl: string) => server.inject({ method: 'POST', url: '/callouts', headers: json, payload: { baseUrl } });
    for (const url of ['https://***', 'https://www.example.com/callout', 'urn:example:callout-1'])
      expect((await post(url)).statusCode, url).toBe(201);
    // The empty string unsets a URL (nexmo's account settings: "Send an empty string to unset this value").
    const settings = (payload: string) =>
      server.inject({
        method: 'POST',
        url: '/account/settings',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload,
      });
    for (const payload of ['moCallBackUrl=', 'moCallBackUrl=https%3A%2F%2Fexample.com%2Fsms', ''])
      expect((await settings(payload)).statusCode, payload).toBe(200);
    expect((await settings('moCallBackUrl=not%20a%20url')).statusCode).toBe(400);
    for (const url of ['not a url at all', '/relative/callout']) expect((await post(url)).statusCode, url).toBe(400);
  });

  it("judge each pair of a deepObject map (webscraping.ai's headers), deeper pairs as objects", async () => {
    const server = await mockServer({ spec });
    const get = async (query: string) => (await server.inject({ method: 'GET', url: `/html?${query}` })).statusCode;
    for (const query of ['headers[Cookie]=a%3D1&headers[X-Y]=z', 'limits[a]=1&limits[b]=2', '']) expect(await get(query), query).toBe(200);
    for (const query of ['limits[a]=x', 'headers[a][b][0]=true', 'limits[a][b]=1']) expect(await get(query), query).toBe(400);
  });

  it('judge the int64 range of an integer in an XML body exactly, as in a JSON one', async () => {
    const server = await mockServer({ spec });
    const post = (type: string, payload: string) =>
      server.inject({ method: 'POST', url: '/team-members', headers: { 'content-type': type }, payload });
    const xml = (id: string) => `<TeamMember><role_id>1</role_id><user_id>${id}</user_id></TeamMember>`;
    for (const id of ['9223372036854775807', '-9223372036854775808', '5'])
      expect((await post('text/xml', xml(id))).statusCode, id).toBe(200);
    for (const id of ['9223372036854775808', '-9223372036854775809']) {
      expect((await post('text/xml', xml(id))).statusCode, id).toBe(400);
      expect((await post('application/json', `{"user_id":${id}}`)).statusCode, id).toBe(400);
    }
  });

  it('judge a JSON body of null, false, 0 or "" against its schema, which may take it', async () => {
    const server = await mockServer({ spec });
    const send = (method: 'POST' | 'PUT', payload: string) => server.inject({ method, url: '/jobs', headers: json, payload });
    expect((await send('POST', 'null')).statusCode).toBe(200);
    expect((await send('POST', '0')).statusCode).toBe(200);
    expect((await send('POST', '{"name":"a"}')).statusCode).toBe(400);
    for (const body of ['null', 'false', '0', '""']) {
      const rejected = await send('PUT', body);
      expect(rejected.statusCode, body).toBe(400);
      expect(rejected.json().message, body).toMatch(/must not be/);
    }
    expect((await server.inject({ method: 'POST', url: '/jobs', headers: json })).headers['x-mock-error']).toBe('BODY_REQUIRED');
  });

  it('judge a JSON body of null, false, 0 or "" sent to an optional body against its schema', async () => {
    const server = await mockServer({ spec });
    const patch = (payload?: string) =>
      server.inject({ method: 'PATCH', url: '/jobs', headers: json, ...(payload === undefined ? {} : { payload }) });
    for (const body of ['null', 'false', '0', '""']) {
      const rejected = await patch(body);
      expect(rejected.statusCode, body).toBe(400);
      expect(rejected.json().message, body).toMatch(/must not be/);
    }
    expect((await patch('{"name":"a"}')).statusCode).toBe(200);
    expect((await patch()).statusCode).toBe(200);
    expect((await server.inject({ method: 'PATCH', url: '/jobs' })).statusCode).toBe(200);
  });

  it('judge a YAML body like JSON; take CSV and Smile, which it cannot read as the schema, as sent', async () => {
    const server = await mockServer({ spec });
    const post = (type: string, payload: string | Buffer) =>
      server.inject({ method: 'POST', url: '/team-members', headers: { 'content-type': type }, payload });
    expect((await post('application/x-yaml', 'user_id: 5\nrole_id: 1\n')).statusCode).toBe(200);
    const wrong = await post('application/x-yaml', 'user_id: abc\n');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.headers['x-mock-findings']).toContain('user_id');
    expect((await post('application/x-yaml', 'user_id: [1\n')).statusCode).toBe(400);
    expect((await post('application/x-yaml', 'user_id: 9223372036854775808\n')).statusCode).toBe(400);
    expect((await post('text/csv', 'user_id,role_id\n5,1\n')).statusCode).toBe(200);
    expect((await post('application/x-json-smile', Buffer.from([0x3a, 0x29, 0x0a, 0xfa, 0xfb]))).statusCode).toBe(200);
  });

  it('take a float beyond single precision, which a float reader rounds, and keep the bounds a document writes', async () => {
    const server = await mockServer({ spec });
    const get = (query: string) => server.inject({ method: 'GET', url: `/projects/${uuid}/performance?${query}` });
    for (const query of ['threshold=1e300', 'threshold=-3.5e38', 'threshold=0.9', 'overlap=-1e300'])
      expect((await get(query)).statusCode, query).toBe(200);
    for (const query of ['overlap=2', 'threshold=abc']) expect((await get(query)).statusCode, query).toBe(400);
    const post = (type: string, payload: string) =>
      server.inject({ method: 'POST', url: `/projects/${uuid}/regions`, headers: { 'content-type': type }, payload });
    const region = { tagId: uuid, left: 1.4060514774078048e206, width: -4.144260120962186e191 };
    expect((await post('application/json', JSON.stringify({ regions: [region] }))).statusCode).toBe(200);
    const xml = `<RegionBatch><regions><tagId>${uuid}</tagId><left>1.4e206</left><width>-4.1e191</width></regions></RegionBatch>`;
    expect((await post('text/xml', xml)).statusCode).toBe(200);
    expect((await post('application/json', JSON.stringify({ regions: [{ ...region, top: 2 }] }))).statusCode).toBe(400);
  });

  it('judge an empty body sent with a Content-Type as an empty value; no bytes and no Content-Type are no body', async () => {
    const server = await mockServer({ spec });
    const post = (url: string, type?: string) =>
      server.inject({ method: 'POST', url, headers: type === undefined ? {} : { 'content-type': type }, payload: '' });
    // A form without fields, the empty text, an empty file: each a value its schema takes.
    expect((await post(`/projects/${uuid}/regions`, 'application/x-www-form-urlencoded')).statusCode).toBe(200);
    expect((await post('/usage-imports', 'text/csv')).statusCode).toBe(201);
    expect((await post('/signed-imports', 'application/octet-stream')).statusCode).toBe(201);
    const short = await post('/signed-imports', 'text/csv; charset=utf-8');
    expect(short.statusCode).toBe(400);
    expect(short.headers['x-mock-error']).toBe('INVALID_REQUEST');
    // Zero bytes are no JSON, XML or multipart document, and with no Content-Type nothing was sent.
    for (const [url, type] of [
      ['/usage-imports', 'application/json'],
      [`/projects/${uuid}/regions`, 'text/xml'],
      [`/projects/${uuid}/regions`, 'multipart/form-data; boundary=b'],
      ['/usage-imports', undefined],
    ] as const)
      expect((await post(url, type)).headers['x-mock-error'], type).toBe('BODY_REQUIRED');
    // The message names what the operation takes, not JSON alone.
    expect((await post('/usage-imports')).json().message).toBe('Request body is required: send text/csv or application/json');
    expect((await post(`/projects/${uuid}/regions`)).json().message).toBe(
      'Request body is required: send application/json or text/xml or application/x-www-form-urlencoded or multipart/form-data',
    );
  });

  it('refuse a multipart body without its closing delimiter, as multipart readers do', async () => {
    const server = await mockServer({ spec });
    const post = (payload: string, boundary = 'a2') =>
      server.inject({ method: 'POST', url: '/groups', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
    const part = 'Content-Disposition: form-data; name="name"\r\n\r\nstaff';
    for (const body of ['--a2--\r\n', '--a2--', `--a2\r\n${part}\r\n--a2--\r\n`, `preamble\r\n--a2\r\n${part}\r\n--a2--`])
      expect((await post(body)).statusCode, body).toBe(201);
    expect((await post('--a 2--\r\n', '"a 2"')).statusCode).toBe(201);
    // Zero bytes hold not even the delimiter: busboy, Go's reader and Steady refuse them, the body optional or not.
    expect((await post('')).headers['x-mock-findings']).toContain('closing delimiter');
    // Schemathesis writes a list where an object belongs as `[]` glued to the delimiter: never closed.
    for (const body of ['--a2\r\n[]--a2--\r\n', `--a2\r\n${part}\r\n`, `--a2\r\n${part}--a2--`, 'staff']) {
      const refused = await post(body);
      expect(refused.statusCode, body).toBe(400);
      expect(refused.headers['x-mock-findings'], body).toContain('closing delimiter');
    }
  });

  it('read a text/json body as JSON, as ASP.NET services list it beside application/json', async () => {
    const server = await mockServer({ spec });
    const post = (type: string, payload: string) =>
      server.inject({ method: 'POST', url: '/devices/options', headers: { 'content-type': type }, payload });
    for (const type of ['text/json', 'text/json; charset=utf-8', 'application/json', 'application/vnd.jellyfin+json'])
      expect((await post(type, '{"CustomName":"Living room"}')).statusCode, type).toBe(204);
    const wrong = await post('text/json', '{"CustomName":5}');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.headers['x-mock-findings']).toContain('CustomName');
    expect((await post('text/json', '{"CustomName":')).headers['x-mock-error']).toBe('MALFORMED_JSON');
  });

  it('take the whole int64 range in path, query and header parameters, and nothing beyond it', async () => {
    const server = await mockServer({ spec });
    const get = (item: string, query: string, offset = '0') =>
      server.inject({ method: 'GET', url: `/audio/${item}/stream?${query}`, headers: { 'x-offset': offset } });
    const [min, max] = ['-9223372036854775808', '9223372036854775807'];
    for (const query of [`startTimeTicks=${min}`, `startTimeTicks=${max}`, `ticks=${min}&ticks=${max}`, 'startTimeTicks=9007199254740993'])
      expect((await get('1', query)).statusCode, query).toBe(200);
    expect((await get(max, 'startTimeTicks=1', min)).statusCode).toBe(200);
    for (const [item, query, offset] of [
      ['1', 'startTimeTicks=9223372036854775808', '0'],
      ['1', `ticks=1&ticks=-9223372036854775809`, '0'],
      ['9223372036854775808', 'startTimeTicks=1', '0'],
      ['1', 'startTimeTicks=1', '99999999999999999999'],
      ['1', 'startTimeTicks=1.5', '0'],
    ] as const) {
      const rejected = await get(item, query, offset);
      expect(rejected.statusCode, `${item} ${query} ${offset}`).toBe(400);
    }
  });
});
