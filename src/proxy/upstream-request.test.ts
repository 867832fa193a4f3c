import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { ClientGoneError, requestUpstream, UpstreamTimeoutError } from './upstream-request.js';

const opened: { server: Server; pool: Pool }[] = [];
afterEach(async () => {
  for (const { server, pool } of opened.splice(0)) {
    await pool.destroy();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function upstream(listener: RequestListener): Promise<Pool> {
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const pool = new Pool(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, { headersTimeout: 5_000, bodyTimeout: 5_000 });
  opened.push({ server, pool });
  return pool;
}

const post = { method: 'POST', path: '/plants', headers: ['content-type', 'application/json'], body: Buffer.from('{"name":"Ficus"}') };

describe('requestUpstream', () => {
  it('holds a whole answer: status, headers (a repeated field as a list) and body', async () => {
    const pool = await upstream((request, response) => {
      request.resume();
      response.writeEarlyHints({ link: '</style.css>; rel=preload' });
      response.setHeader('set-cookie', ['a=1', 'b=2']);
      response.writeHead(201, { 'content-type': 'application/json' });
      response.write('{"name":');
      response.end('"Ficus"}');
    });
    const reply = await requestUpstream(pool, post, 1024, 5_000);
    expect(reply.status).toBe(201);
    expect(reply.headers['set-cookie']).toEqual(['a=1', 'b=2']);
    expect(reply.headers['content-type']).toBe('application/json');
    expect(Buffer.concat(reply.chunks).toString()).toBe('{"name":"Ficus"}');
    expect(reply.bytes).toBe(16);
    expect(reply.rest).toBeUndefined();
  });

  it('past the limit, hands over what it held and streams the rest at the reader’s pace', async () => {
    const body = Buffer.alloc(512 * 1024, 'x');
    const pool = await upstream((request, response) => {
      request.resume();
      response.end(body);
    });
    const reply = await requestUpstream(pool, post, 1024, 5_000);
    expect(reply.bytes).toBeGreaterThan(1024);
    expect(reply.rest).toBeDefined();
    const rest: Buffer[] = [];
    for await (const chunk of reply.rest ?? []) rest.push(chunk as Buffer);
    expect(Buffer.concat([...reply.chunks, ...rest]).equals(body)).toBe(true);
  });

  it('holds no more of the rest than the reader takes: the upstream waits', async () => {
    const chunk = Buffer.alloc(64 * 1024, 'z');
    let written = 0;
    const pool = await upstream(async (request, response) => {
      request.resume();
      while (written < 64 * 1024 * 1024 && !response.destroyed) {
        written += chunk.length;
        if (!response.write(chunk)) await new Promise((resolve) => response.once('drain', resolve));
      }
      response.end();
    });
    const reply = await requestUpstream(pool, post, 1024, 5_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Socket buffers take a few MB at most; a proxy reading on regardless would take all 64.
    expect(written).toBeLessThan(16 * 1024 * 1024);
    reply.rest?.destroy();
  });

  it('aborts the upstream request when the stream of the rest is left', async () => {
    let closed: () => void = () => {};
    const gone = new Promise<void>((resolve) => {
      closed = resolve;
    });
    const pool = await upstream((request, response) => {
      request.resume();
      response.on('close', closed);
      response.write(Buffer.alloc(4096, 'y'));
      // Never ends: only the proxy leaving closes it.
    });
    const reply = await requestUpstream(pool, post, 1024, 5_000);
    reply.rest?.destroy();
    await gone;
  });

  it('fails the stream of the rest, without ending the process, when the upstream fails before it is read', async () => {
    const pool = await upstream((request, response) => {
      request.resume();
      response.write(Buffer.alloc(4096, 'y'));
      // Never ends: the pool is destroyed (the server closing) while nobody reads.
    });
    const reply = await requestUpstream(pool, post, 1024, 5_000);
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.prependListener('uncaughtException', onUncaught);
    try {
      await pool.destroy();
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      process.off('uncaughtException', onUncaught);
    }
    expect(uncaught).toEqual([]);
    expect(reply.rest?.destroyed).toBe(true);
    expect(reply.rest?.errored).toMatchObject({ code: 'UND_ERR_DESTROYED' });
  });

  it('fails with a timeout when no answer comes in time', async () => {
    const pool = await upstream((request) => {
      request.resume();
    });
    const started = performance.now();
    await expect(requestUpstream(pool, post, 1024, 150)).rejects.toBeInstanceOf(UpstreamTimeoutError);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('passes a failed connection on as it is', async () => {
    const pool = await upstream((request) => {
      request.socket.destroy();
    });
    await expect(requestUpstream(pool, post, 1024, 5_000)).rejects.toMatchObject({ code: expect.stringMatching(/^UND_ERR|^ECONNRESET/) });
  });

  it('aborts the upstream request when the client leaves before the answer, and stops watching the client', async () => {
    let upstreamClosed: () => void = () => {};
    const closed = new Promise<void>((resolve) => {
      upstreamClosed = resolve;
    });
    const pool = await upstream((request) => {
      request.resume();
      // Holds its answer: only the abort ends this request.
      request.socket.once('close', upstreamClosed);
    });
    let leave: () => void = () => {};
    let watching = 0;
    const whenGone = (listener: () => void) => {
      watching++;
      leave = listener;
      return () => {
        watching--;
      };
    };
    const started = performance.now();
    const pending = requestUpstream(pool, post, 1024, 30_000, whenGone);
    await new Promise((resolve) => setTimeout(resolve, 100));
    leave();
    await expect(pending).rejects.toBeInstanceOf(ClientGoneError);
    await closed;
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(watching).toBe(0);
  });

  it('sends nothing for a client already gone', async () => {
    let seen = 0;
    const pool = await upstream((request, response) => {
      seen++;
      request.resume();
      response.end();
    });
    const goneAlready = (listener: () => void) => {
      listener();
      return () => {};
    };
    await expect(requestUpstream(pool, post, 1024, 30_000, goneAlready)).rejects.toBeInstanceOf(ClientGoneError);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seen).toBe(0);
  });
});
