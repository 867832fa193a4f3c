import { describe, expect, it } from 'vitest';
import { rawRequest } from '../support/raw-http.js';
import { AUTH, closeServersAfterEach, JSON_BODY, mockServer, postPlant } from '../support/servers.js';

closeServersAfterEach();

const ATTACKER = 'http://localhost:5173';

describe("the admin routes answer only the mock's own pages unless --admin-cors names others", () => {
  it('refuses a page of another origin reading the journal, and gives it no CORS headers', async () => {
    const server = await mockServer();
    await postPlant(server, '{"id": 1, "name": "Ficus"}', { ...JSON_BODY, cookie: 'sid=secret' });
    const read = await server.inject({ url: '/__mock/journal', headers: { origin: ATTACKER } });
    expect(read.statusCode).toBe(403);
    expect(read.json().error).toBe(40302);
    expect(read.json().message).toBe(`Pages of "${ATTACKER}" may not call /__mock/; allow the origin with --admin-cors`);
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
    expect(read.body).not.toContain('secret');
  });

  it("refuses another origin's preflight, scenario switch, reset and clear", async () => {
    const server = await mockServer();
    const preflight = await server.inject({
      method: 'OPTIONS',
      url: '/__mock/scenario',
      headers: { origin: ATTACKER, 'access-control-request-method': 'PUT' },
    });
    expect(preflight.statusCode).toBe(403);
    const origin = { origin: ATTACKER, 'content-type': 'application/json' };
    const put = await server.inject({ method: 'PUT', url: '/__mock/scenario', headers: origin, payload: '{"scenario": "unauthorized"}' });
    expect(put.statusCode).toBe(403);
    expect((await server.inject({ method: 'DELETE', url: '/__mock/journal', headers: { origin: ATTACKER } })).statusCode).toBe(403);
    expect((await postPlant(server, '{"id": 1, "name": "Ficus"}')).statusCode).toBe(200);
  });

  it('refuses a no-cors request another site sends without an Origin (Fetch Metadata)', async () => {
    const server = await mockServer();
    const response = await server.inject({ url: '/__mock/journal', headers: { 'sec-fetch-site': 'same-site' } });
    expect(response.statusCode).toBe(403);
    // Says what was refused: no page's origin was given, only where the request came from.
    expect(response.json().message).toMatch(/^A request without an Origin from a "same-site" page \(Sec-Fetch-Site\) may not call/);
  });

  it('refuses a form post from its own page: state changes need JSON or a custom header', async () => {
    const server = await mockServer();
    const own = { origin: 'http://localhost:80', host: 'localhost:80' };
    const form = await server.inject({
      method: 'POST',
      url: '/__mock/reset',
      headers: { ...own, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode).toBe(403);
    expect(form.json().message).toBe(
      'A form post from "http://localhost:80" may not call /__mock/; send JSON (Content-Type: application/json) or an X- header',
    );
    const json = await server.inject({
      method: 'POST',
      url: '/__mock/reset',
      headers: { ...own, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(json.statusCode).toBe(200);
  });

  it('answers its own pages, clients without an Origin, and the --admin-cors origins', async () => {
    const server = await mockServer({ adminCors: ['http://localhost:3000'] });
    expect((await server.inject({ url: '/__mock/journal' })).statusCode).toBe(200);
    const own = await server.inject({ url: '/__mock/journal', headers: { origin: 'http://localhost:80', host: 'localhost:80' } });
    expect(own.statusCode).toBe(200);
    const listed = await server.inject({ url: '/__mock/journal', headers: { origin: 'http://localhost:3000' } });
    expect(listed.statusCode).toBe(200);
    expect(listed.headers['access-control-allow-origin']).toBe('http://localhost:3000');
  });

  it("gives the admin routes their own CORS, not the API's: listed origins even with --no-cors, admin methods only", async () => {
    const listedOrigin = 'http://localhost:3000';
    for (const cors of [true, false]) {
      const server = await mockServer({ adminCors: [listedOrigin], cors });
      const preflight = await server.inject({
        method: 'OPTIONS',
        url: '/__mock/scenario',
        headers: { origin: listedOrigin, 'access-control-request-method': 'PUT', 'access-control-request-headers': 'content-type' },
      });
      expect(preflight.statusCode, `cors ${cors}`).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe(listedOrigin);
      expect(preflight.headers['access-control-allow-methods']).toBe('GET, POST, PUT, DELETE');
      const read = await server.inject({ url: '/__mock/journal', headers: { origin: listedOrigin } });
      expect(read.headers['access-control-allow-origin']).toBe(listedOrigin);
      expect(read.headers['access-control-allow-credentials']).toBe('true');
      // A client without an Origin gets no CORS grant, only Vary for caches.
      const plain = await server.inject({ url: '/__mock/journal' });
      expect(plain.headers['access-control-allow-origin']).toBeUndefined();
      expect(plain.headers.vary).toBe('Origin');
    }
  });

  it("keeps the API's CORS open to any frontend origin", async () => {
    const server = await mockServer();
    const response = await postPlant(server, '{"id": 1, "name": "x"}', { ...JSON_BODY, origin: ATTACKER });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe(ATTACKER);
  });
});

describe('admin bodies are JSON only', () => {
  // Schemathesis sends `Content-Type:` empty to requests without a body; the API's routes read none since c4ec28f.
  it.each([
    ['GET', '/__mock/health', ''],
    ['GET', '/__mock/journal', 'nonsense'],
    ['DELETE', '/__mock/journal', ''],
    ['POST', '/__mock/reset', ''],
  ])('reads no Content-Type of a bodiless %s %s (%j), as the API routes do', async (method, url, type) => {
    const server = await mockServer();
    const response = await server.inject({ method: method as 'GET', url, headers: { 'content-type': type } });
    expect(response.statusCode).toBeLessThan(300);
  });

  it('still answers 415 to an empty Content-Type on an admin body', async () => {
    const server = await mockServer();
    const response = await server.inject({ method: 'POST', url: '/__mock/journal/verify', headers: { 'content-type': '' }, payload: '{}' });
    expect(response.statusCode).toBe(415);
  });

  it('answers a text/plain verify body 415 in a short message, without naming runtime internals', async () => {
    const server = await mockServer();
    const payload = 'a'.repeat(1024 * 1024 - 16);
    const response = await server.inject({
      method: 'POST',
      url: '/__mock/journal/verify',
      headers: { 'content-type': 'text/plain' },
      payload,
    });
    expect(response.statusCode).toBe(415);
    expect(response.body.length).toBeLessThan(400);
    expect(response.body).not.toMatch(/asciiSlice|Buffer/);
  });

  it('caps the validation message of a JSON body with many wrong fields', async () => {
    const server = await mockServer();
    const wrong = Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`field${i}`, i]));
    const response = await server.inject({
      method: 'POST',
      url: '/__mock/journal/verify',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(wrong),
    });
    expect(response.statusCode).toBe(400);
    expect(response.body.length).toBeLessThan(2000);
  });
});

describe('the Host allow-list against DNS rebinding', () => {
  it.each(['rebind.attacker.example', 'rebind.attacker.example:4010', 'localhost.attacker.example'])(
    'answers 403 to Host %s, admin and API alike',
    async (host) => {
      const server = await mockServer();
      const api = await postPlant(server, '{"id": 1, "name": "x"}', { ...JSON_BODY, host });
      expect(api.statusCode).toBe(403);
      expect(api.json().error).toBe(40301);
      expect((await server.inject({ url: '/__mock/journal', headers: { host } })).statusCode).toBe(403);
    },
  );

  it.each(['localhost:4010', '127.0.0.1:4010', '[::1]:4010', '172.17.0.1:32768', 'app.localhost', 'host.docker.internal:4010'])(
    'answers Host %s: loopback, addresses and container names',
    async (host) => {
      const server = await mockServer();
      expect((await server.inject({ url: '/__mock/health', headers: { host } })).statusCode).toBe(200);
      expect(
        (
          await server.inject({
            method: 'POST',
            url: '/plants',
            headers: { ...AUTH, host, 'content-type': 'application/json' },
            payload: '{"id":1,"name":"x"}',
          })
        ).statusCode,
      ).toBe(200);
    },
  );

  it.each(['plantstore-mock:4010', 'docker:2375'])(
    'answers the single-label Host %s (a Compose service, a Testcontainers host) when listening beyond loopback',
    async (host) => {
      const server = await mockServer({ host: '0.0.0.0' });
      expect((await server.inject({ url: '/__mock/health', headers: { host } })).statusCode).toBe(200);
      expect((await postPlant(server, '{"id": 1, "name": "x"}', { ...JSON_BODY, host })).statusCode).toBe(200);
    },
  );

  it.each(['intranet', 'intranet:4010', 'plantstore-mock'])(
    'refuses the single-label Host %s on a loopback-bound mock, where a LAN name service could point it',
    async (host) => {
      for (const listen of ['127.0.0.1', 'localhost', '::1']) {
        const server = await mockServer({ host: listen });
        expect((await server.inject({ url: '/__mock/journal', headers: { host } })).statusCode).toBe(403);
      }
      const listed = await mockServer({ allowedHosts: ['intranet'] });
      expect((await listed.inject({ url: '/__mock/health', headers: { host: 'intranet:4010' } })).statusCode).toBe(200);
    },
  );

  it('answers the hosts --allowed-host names, and any host with *', async () => {
    const listed = await mockServer({ allowedHosts: ['.mock.example.com', 'api.test'] });
    for (const host of ['mock.example.com', 'a.mock.example.com:8080', 'api.test']) {
      expect((await listed.inject({ url: '/__mock/health', headers: { host } })).statusCode).toBe(200);
    }
    expect((await listed.inject({ url: '/__mock/health', headers: { host: 'evil.test' } })).statusCode).toBe(403);
    const open = await mockServer({ allowedHosts: ['*'] });
    expect((await open.inject({ url: '/__mock/health', headers: { host: 'rebind.attacker.example' } })).statusCode).toBe(200);
  });
});

describe('an absolute-form request target (RFC 9112 section 3.2.2)', () => {
  it('meets the same guard as a path: a foreign origin cannot read, reset or clear through it', async () => {
    const server = await mockServer();
    const port = Number(new URL(await server.listen()).port);
    const send = (method: string, target: string, extra = '') =>
      rawRequest(port, [
        `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${ATTACKER}\r\n${extra}Connection: close\r\n\r\n`,
      ]);
    for (const [method, target] of [
      ['GET', `http://127.0.0.1:${port}/__mock/journal`],
      ['POST', 'http://x/__mock/reset'],
      ['DELETE', 'HTTP://x/__mock/journal'],
    ] as const) {
      const answer = await send(method, target, method === 'POST' ? 'Content-Length: 0\r\n' : '');
      expect(answer.status, `${method} ${target}`).toBe(403);
      expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    }
  });
});
