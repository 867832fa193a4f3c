import { connect as connectH2 } from 'node:http2';
import { connect as connectTcp } from 'node:net';
import { connect as connectTls } from 'node:tls';
import { afterEach, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../src/index.js';

const servers: MockServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function listening(options: Parameters<typeof createMockServer>[0]) {
  const server = await createMockServer({ tls: true, ...options });
  servers.push(server);
  return { url: await server.listen(), ca: server.tls?.caCertificate ?? '' };
}

/** One HTTP/2 request whose body goes in DATA frames without a Content-Length; resolves to the status and body. */
function h2Post(url: string, ca: string, path: string, headers: Record<string, string>, body: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const session = connectH2(url, { ca });
    session.on('error', reject);
    const stream = session.request({ ':method': 'POST', ':path': path, ...headers });
    let status = 0;
    const chunks: Buffer[] = [];
    stream.on('response', (h) => {
      status = Number(h[':status']);
    });
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      session.close();
      resolve({ status, body: Buffer.concat(chunks).toString() });
    });
    stream.on('error', reject);
    stream.end(body);
  });
}

describe('the admin API over HTTP/2', () => {
  it('refuses a body that is not JSON even when no Content-Length announces it', async () => {
    const { url, ca } = await listening({});
    const answer = await h2Post(url, ca, '/__mock/journal/verify', { 'content-type': 'text/plain' }, 'x'.repeat(10_000));
    expect(answer.status).toBe(415);
  });
});

describe('the TLS listener', () => {
  it('closes a connection that sends its headers too slowly, over HTTP/1.1', async () => {
    const { url, ca } = await listening({ headersTimeout: 300, requestTimeout: 600 });
    const started = Date.now();
    const closedAfter = await new Promise<number>((resolve) => {
      const socket = connectTls({ host: '127.0.0.1', port: Number(new URL(url).port), ca, servername: 'localhost' }, () => {
        socket.write('GET /plants HTTP/1.1\r\nHost: localhost\r\n');
      });
      socket.on('error', () => {});
      socket.resume();
      socket.on('close', () => resolve(Date.now() - started));
      setTimeout(() => socket.destroy(), 5_000);
    });
    expect(closedAfter).toBeLessThan(3_000);
  });

  it('closes a connection that never starts its handshake', async () => {
    const { url } = await listening({ headersTimeout: 300, requestTimeout: 600 });
    const started = Date.now();
    const closedAfter = await new Promise<number>((resolve) => {
      const socket = connectTcp(Number(new URL(url).port), '127.0.0.1');
      socket.on('error', () => {});
      socket.resume();
      socket.on('close', () => resolve(Date.now() - started));
      setTimeout(() => socket.destroy(), 5_000);
    });
    expect(closedAfter).toBeLessThan(3_000);
  });

  it('ends an HTTP/2 request whose body never finishes, and lets a connection open few streams at once', async () => {
    const { url, ca } = await listening({ headersTimeout: 300, requestTimeout: 600 });
    const session = connectH2(url, { ca });
    session.on('error', () => {});
    const started = Date.now();
    const endedAfter = await new Promise<number>((resolve) => {
      const stream = session.request({ ':method': 'POST', ':path': '/plants', 'content-type': 'application/json' });
      stream.on('error', () => {});
      stream.resume();
      stream.write('{"name":');
      stream.on('close', () => resolve(Date.now() - started));
      setTimeout(() => stream.close(), 5_000);
    });
    expect(endedAfter).toBeLessThan(3_000);
    const settings = await new Promise<{ maxConcurrentStreams?: number }>((resolve) => {
      if (session.remoteSettings.maxConcurrentStreams !== undefined && session.remoteSettings.maxConcurrentStreams < 2 ** 32 - 1)
        return resolve(session.remoteSettings);
      session.once('remoteSettings', resolve);
    });
    expect(settings.maxConcurrentStreams).toBeLessThanOrEqual(128);
    session.close();
  });
});

/** One bodiless HTTP/2 GET; resolves to the status and the x-mock-error header. */
function h2Get(url: string, ca: string, path: string, headers: Record<string, string> = {}) {
  return new Promise<[number, unknown]>((resolve, reject) => {
    const session = connectH2(url, { ca });
    session.on('error', reject);
    const stream = session.request({ ':method': 'GET', ':path': path, authorization: 'Bearer t', ...headers });
    let answer: [number, unknown] = [0, undefined];
    stream.on('response', (h) => {
      answer = [Number(h[':status']), h['x-mock-error']];
    });
    stream.resume();
    stream.on('end', () => {
      session.close();
      resolve(answer);
    });
    stream.on('error', reject);
  });
}

describe('request limits over HTTP/2', () => {
  // HTTP/2's pseudo-headers are its request line: `:path` is the URL, bounded by --max-url-length alone.
  it('counts a URL within --max-url-length apart from the headers, as HTTP/1.1 does', async () => {
    const { url, ca } = await listening({ maxHeaderSize: 4096, maxUrlLength: 8000 });
    const short = await h2Get(url, ca, '/plants?q=a');
    expect(short[0]).not.toBe(431);
    expect(await h2Get(url, ca, `/plants?q=${'a'.repeat(7_900)}`, { 'x-more': 'b'.repeat(1000) })).toEqual(short);
    expect(await h2Get(url, ca, '/plants?q=a', { 'x-big': 'b'.repeat(5000) })).toEqual([431, 'HEADERS_TOO_LARGE']);
    expect(await h2Get(url, ca, `/plants?q=${'a'.repeat(8000)}`)).toEqual([414, 'URI_TOO_LONG']);
  });

  it('counts header fields against --max-header-count without the pseudo-headers', async () => {
    const { url, ca } = await listening({ maxHeaderCount: 6 });
    const fields = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`x-field-${i}`, 'v']));
    // The authorization header and five more: exactly the limit.
    const short = await h2Get(url, ca, '/plants');
    expect(short[0]).not.toBe(431);
    expect(await h2Get(url, ca, '/plants', fields(5))).toEqual(short);
    expect(await h2Get(url, ca, '/plants', fields(6))).toEqual([431, 'TOO_MANY_HEADERS']);
  });
});
