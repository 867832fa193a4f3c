import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { readsFastifyHeaders, sentHeaders } from './reply-headers.js';

describe("a reply's sent headers", () => {
  it("are read where Fastify keeps them, the same as reply.getHeaders() (fails when an upgrade moves Fastify's field)", async () => {
    const app = Fastify();
    let seen: unknown[] = [];
    app.get('/', (_request, reply) => {
      reply.header('x-one', '1').type('application/json; charset=utf-8').send('{}');
      seen = [readsFastifyHeaders(reply), sentHeaders(reply), reply.getHeaders()];
      return reply;
    });
    await app.inject({ method: 'GET', url: '/' });
    expect(seen[0]).toBe(true);
    expect(seen[1]).toEqual(seen[2]);
    expect(seen[1]).toEqual({ 'x-one': '1', 'content-type': 'application/json; charset=utf-8', 'content-length': '2' });
    await app.close();
  });

  it("merge the headers set on Node's response as reply.getHeaders() does", async () => {
    const app = Fastify();
    let seen: unknown[] = [];
    app.get('/', (_request, reply) => {
      reply.raw.setHeader('x-raw', 'r');
      reply.header('x-one', '1').send('ok');
      seen = [sentHeaders(reply), reply.getHeaders()];
      return reply;
    });
    await app.inject({ method: 'GET', url: '/' });
    expect(seen[0]).toEqual(seen[1]);
    expect(seen[0]).toMatchObject({ 'x-raw': 'r', 'x-one': '1' });
    await app.close();
  });
});
