import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../src/index.js';
import { rawRequest } from '../support/raw-http.js';

const AUTH = 'Authorization: Bearer t\r\n';

let mock: MockServer;
let port: number;
beforeAll(async () => {
  mock = await createMockServer({
    maxHeaderSize: 4096,
    maxHeaderCount: 10,
    maxUrlLength: 200,
    headersTimeout: 300,
    requestTimeout: 600,
    keepAliveTimeout: 300,
    bodyLimit: 1000,
  });
  port = Number(new URL(await mock.listen()).port);
});
afterAll(() => mock.close());

function errorOf(body: string): { error: number; message: string } {
  return JSON.parse(body);
}

describe('limits on what one request may take', () => {
  it('answers headers over --max-header-size with 431 HEADERS_TOO_LARGE and closes the connection', async () => {
    const answer = await rawRequest(port, [`GET /plants HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(5000)}\r\n\r\n`]);
    expect(answer.status).toBe(431);
    expect(answer.headers['x-mock-error']).toBe('HEADERS_TOO_LARGE');
    expect(errorOf(answer.body)).toEqual({ error: 43101, message: expect.stringContaining('4096 bytes') });
    expect(answer.closed).toBe(true);
  });

  it('answers more header fields than --max-header-count with 431 TOO_MANY_HEADERS', async () => {
    const many = Array.from({ length: 11 }, (_, i) => `X-H${i}: 1\r\n`).join('');
    const answer = await mock.inject({
      method: 'GET',
      url: '/plants',
      headers: Object.fromEntries(
        many
          .split('\r\n')
          .filter(Boolean)
          .map((l) => l.split(': ')),
      ),
    });
    expect(answer.statusCode).toBe(431);
    expect(answer.json()).toEqual({ error: 43102, message: 'The request has more than 10 header fields' });
  });

  it('accepts exactly --max-header-count header fields', async () => {
    const body = '{"id":1,"name":"Aloe"}';
    // Host, Authorization, Content-Type, Content-Length and six more: ten fields.
    const extra = Array.from({ length: 6 }, (_, i) => `X-H${i}: 1\r\n`).join('');
    const head = `POST /plants HTTP/1.1\r\nHost: localhost\r\n${AUTH}Content-Type: application/json\r\n${extra}Content-Length: ${body.length}\r\n\r\n`;
    const answer = await rawRequest(port, [head + body], { waitMs: 1000 });
    expect(answer.status).toBe(200);
  });

  it('answers a URL over --max-url-length with 414 URI_TOO_LONG', async () => {
    const answer = await mock.inject({ method: 'GET', url: `/plants?q=${'a'.repeat(200)}` });
    expect(answer.statusCode).toBe(414);
    expect(answer.json()).toEqual({ error: 41401, message: 'The request URL is longer than the limit of 200 characters' });
  });

  it('tells a URL too long (414) from headers too large (431) at the default limits, as nginx and Go do', async () => {
    const server = await createMockServer();
    const defaults = Number(new URL(await server.listen()).port);
    try {
      const head = (url: string, headers = '') => `GET ${url} HTTP/1.1\r\nHost: localhost\r\n${AUTH}${headers}\r\n`;
      const status = async (url: string, headers = '') => {
        const answer = await rawRequest(defaults, [head(url, headers)], { untilAnswered: true });
        return [answer.status, answer.headers['x-mock-error'] ?? ''];
      };
      // Within both limits (16 KiB each): routed (the Plant Store has no GET /plants).
      expect(await status(`/plants?q=${'a'.repeat(16_000)}`, `X-Big: ${'b'.repeat(16_000)}\r\n`)).toEqual([405, 'METHOD_NOT_ALLOWED']);
      // A URL over its limit, however long: 414, never Node's 431.
      for (const length of [16_385, 30_000, 100_000]) expect((await status(`/plants?q=${'a'.repeat(length)}`))[0]).toBe(414);
      // Headers over theirs, however large, with a short URL or a long one within its limit: 431.
      for (const size of [17_000, 40_000]) {
        expect(await status('/plants', `X-Big: ${'b'.repeat(size)}\r\n`)).toEqual([431, 'HEADERS_TOO_LARGE']);
        expect(await status(`/plants?q=${'a'.repeat(16_000)}`, `X-Big: ${'b'.repeat(size)}\r\n`)).toEqual([431, 'HEADERS_TOO_LARGE']);
      }
    } finally {
      await server.close();
    }
  });

  it('answers a body over the limit with 413 without reading it all', async () => {
    const answer = await rawRequest(port, [
      `POST /plants HTTP/1.1\r\nHost: localhost\r\n${AUTH}Content-Type: application/json\r\nContent-Length: 5000\r\n\r\n`,
    ]);
    expect(answer.status).toBe(413);
    expect(errorOf(answer.body).error).toBe(41301);
  });

  it('cuts off a client that trickles its headers with 408 REQUEST_TIMEOUT', async () => {
    const trickle = 'GET /plants HTTP/1.1\r\nHost: localhost\r\nX-Slow: abcdefghijklmnopqrstuvwxyz'.split('');
    const answer = await rawRequest(port, trickle, { gapMs: 50, waitMs: 3000 });
    expect(answer.status).toBe(408);
    expect(answer.headers['x-mock-error']).toBe('REQUEST_TIMEOUT');
    expect(answer.closed).toBe(true);
    expect(answer.elapsedMs).toBeLessThan(2000);
  });

  it('cuts off a client that trickles its body with 408 REQUEST_TIMEOUT', async () => {
    const head = `POST /plants HTTP/1.1\r\nHost: localhost\r\n${AUTH}Content-Type: application/json\r\nContent-Length: 100\r\n\r\n`;
    const answer = await rawRequest(port, [head, ...'{"id":1,"name":"slow"'.split('')], { gapMs: 60, waitMs: 3000 });
    expect(answer.status).toBe(408);
    expect(answer.closed).toBe(true);
  });

  it('closes a connection that sends nothing', async () => {
    const answer = await rawRequest(port, [], { waitMs: 3000 });
    expect(answer.closed).toBe(true);
    expect(answer.elapsedMs).toBeLessThan(2000);
  });

  it('closes an idle keep-alive connection after --keep-alive-timeout', async () => {
    const answer = await rawRequest(port, ['GET /__mock/health HTTP/1.1\r\nHost: localhost\r\n\r\n'], { waitMs: 3000 });
    expect(answer.status).toBe(200);
    expect(answer.closed).toBe(true);
    expect(answer.elapsedMs).toBeLessThan(2000);
  });
});

describe('requests Node rejects before routing are answered Error-shaped', () => {
  it.each([
    ['a garbage request line', 'GARBAGE\r\n\r\n'],
    ['an unknown method', 'FROB /plants HTTP/1.1\r\nHost: localhost\r\n\r\n'],
    ['a NUL byte in the path', 'GET /pl\0nts HTTP/1.1\r\nHost: localhost\r\n\r\n'],
    ['a control character in a header', 'GET /plants HTTP/1.1\r\nHost: localhost\r\nX-A: a\x01b\r\n\r\n'],
    [
      'a broken chunk size',
      `POST /plants HTTP/1.1\r\nHost: localhost\r\n${AUTH}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n`,
    ],
    [
      'both Content-Length and chunked',
      'POST /plants HTTP/1.1\r\nHost: localhost\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    ],
    ['a missing Host header', 'GET /plants HTTP/1.1\r\n\r\n'],
    ['an invalid percent-encoding', 'GET /%zz HTTP/1.1\r\nHost: localhost\r\n\r\n'],
  ])('answers %s with 400 MALFORMED_HTTP', async (_name, request) => {
    const answer = await rawRequest(port, [request], { waitMs: 1000 });
    expect(answer.status).toBe(400);
    expect(answer.headers['x-mock-error']).toBe('MALFORMED_HTTP');
    expect(errorOf(answer.body)).toEqual({ error: 40005, message: expect.stringMatching(/^The request is not valid HTTP\/1\.1: .+/) });
  });

  it('answers an unsupported Expect with 417 EXPECTATION_FAILED', async () => {
    const answer = await rawRequest(port, ['POST /plants HTTP/1.1\r\nHost: localhost\r\nExpect: teapot\r\nContent-Length: 0\r\n\r\n']);
    expect(answer.status).toBe(417);
    expect(errorOf(answer.body).error).toBe(41701);
  });

  it('answers CONNECT (a proxy request) with 404, not a tunnel', async () => {
    const answer = await rawRequest(port, ['CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n']);
    expect(answer.status).toBe(404);
    expect(errorOf(answer.body).error).toBe(40401);
  });

  it('stays healthy after all of them', async () => {
    const answer = await rawRequest(port, ['GET /__mock/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n']);
    expect(answer.status).toBe(200);
  });
});

describe('connection count', () => {
  it('closes connections beyond --max-connections at once and serves the rest', async () => {
    const small = await createMockServer({ maxConnections: 2 });
    const smallPort = Number(new URL(await small.listen()).port);
    try {
      const held = [rawRequest(smallPort, [], { waitMs: 800 }), rawRequest(smallPort, [], { waitMs: 800 })];
      await new Promise((resolve) => setTimeout(resolve, 100));
      const refused = await rawRequest(smallPort, ['GET /__mock/health HTTP/1.1\r\nHost: localhost\r\n\r\n'], { waitMs: 1000 });
      expect(refused.status).toBeUndefined();
      expect(refused.closed).toBe(true);
      await Promise.all(held);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const served = await rawRequest(smallPort, ['GET /__mock/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n']);
      expect(served.status).toBe(200);
    } finally {
      await small.close();
    }
  });
});
