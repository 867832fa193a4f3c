import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect as connectH2 } from 'node:http2';
import { type AddressInfo, connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { closeServersAfterEach, mockServer } from '../support/servers.js';

closeServersAfterEach();
const upstreams: Server[] = [];
afterEach(async () => {
  for (const server of upstreams.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A real service that holds its answer to GET /v1/plants/1 (answering every other plant at once), and tells when a request's connection closed. */
async function holdingUpstream() {
  const held: { url: string; arrived: number; closed?: number }[] = [];
  let arrived: () => void = () => {};
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    request.resume();
    if (request.url !== '/v1/plants/1') {
      response.writeHead(200, { 'content-type': 'application/json', 'x-request-id': 'r' }).end('{"id":2,"name":"Fern"}');
      return;
    }
    const seen: (typeof held)[number] = { url: request.url ?? '', arrived: performance.now() };
    held.push(seen);
    request.socket.once('close', () => {
      seen.closed = performance.now();
    });
    arrived();
  });
  upstreams.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const nextArrival = () =>
    new Promise<void>((resolve) => {
      arrived = resolve;
    });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, held, nextArrival };
}

async function until(check: () => boolean, ms: number): Promise<boolean> {
  const end = performance.now() + ms;
  while (!check() && performance.now() < end) await new Promise((resolve) => setTimeout(resolve, 10));
  return check();
}

describe('a client that leaves before the upstream answers', () => {
  it('has the upstream request aborted at once, not at --proxy-timeout, and is journalled as gone', async () => {
    const upstream = await holdingUpstream();
    const server = await mockServer({ spec: 'test/fixtures/proxy-store.yaml', proxy: upstream.url, proxyTimeout: 20_000 });
    const url = new URL(await server.listen());
    const arrival = upstream.nextArrival();
    const client = connect(Number(url.port), url.hostname, () => {
      client.write(`GET /plants/1 HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer t\r\n\r\n`);
    });
    client.on('error', () => {});
    await arrival;
    const left = performance.now();
    client.destroy();
    expect(await until(() => upstream.held[0]?.closed !== undefined, 5_000)).toBe(true);
    // Well under the 20 s proxy timeout: the upstream saw its request aborted as soon as the client left.
    expect((upstream.held[0]?.closed ?? Number.POSITIVE_INFINITY) - left).toBeLessThan(2_000);

    const entries = async () => ((await server.inject('/__mock/journal')).json() as { entries: Record<string, unknown>[] }).entries;
    let journal = await entries();
    for (let i = 0; i < 100 && journal.length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      journal = await entries();
    }
    const entry = journal.at(-1) as { response: { status: number }; source: string; upstream: unknown };
    expect(entry.response.status).toBe(0);
    expect(entry.source).toBe('proxy aborted: the client left before the upstream answered');
    expect(entry.upstream).toEqual({ aborted: 'client-gone' });

    // The pool is not left holding anything: the next request goes through.
    const next = await fetch(`${url.origin}/plants/2`, { headers: { authorization: 'Bearer t' } });
    expect(next.status).toBe(200);
    expect(await next.json()).toEqual({ id: 2, name: 'Fern' });
  });

  it('over HTTP/2, a cancelled stream aborts its upstream request and leaves the session’s other streams alone', async () => {
    const upstream = await holdingUpstream();
    const server = await mockServer({ spec: 'test/fixtures/proxy-store.yaml', proxy: upstream.url, proxyTimeout: 20_000, tls: true });
    const url = await server.listen();
    const session = connectH2(url, { ca: server.tls?.caCertificate ?? '' });
    session.on('error', () => {});
    try {
      const arrival = upstream.nextArrival();
      const held = session.request({ ':path': '/plants/1', authorization: 'Bearer t' });
      held.on('error', () => {});
      held.end();
      await arrival;
      const left = performance.now();
      held.close();
      expect(await until(() => upstream.held[0]?.closed !== undefined, 5_000)).toBe(true);
      expect((upstream.held[0]?.closed ?? Number.POSITIVE_INFINITY) - left).toBeLessThan(2_000);
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const stream = session.request({ ':path': '/plants/2', authorization: 'Bearer t' });
        let status = 0;
        let body = '';
        stream.on('response', (headers) => {
          status = Number(headers[':status']);
        });
        stream.on('data', (chunk: Buffer) => {
          body += chunk.toString();
        });
        stream.on('end', () => resolve({ status, body }));
        stream.on('error', reject);
        stream.end();
      });
      expect(answer).toEqual({ status: 200, body: '{"id":2,"name":"Fern"}' });
      const journal = (await server.inject('/__mock/journal')).json() as { entries: { response: { status: number }; source: string }[] };
      // No answer went out to the cancelled stream: status 0, as over HTTP/1.1.
      expect(journal.entries.map((entry) => [entry.response.status, entry.source])).toEqual([
        [0, 'proxy aborted: the client left before the upstream answered'],
        [200, 'proxy 200'],
      ]);
    } finally {
      session.close();
    }
  });
});
