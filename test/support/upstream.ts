import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';

/** How the test upstream misbehaves for its next answers (`ok`: it keeps the contract). */
export type UpstreamDrift =
  | 'ok'
  | 'undocumented-status'
  | 'missing-field'
  | 'wrong-content-type'
  | 'missing-header'
  | 'int64-overflow'
  | 'slow'
  | 'reset'
  | 'unavailable'
  | 'missing';

/** A request as the upstream saw it. */
export interface SeenRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

export interface TestUpstream {
  readonly url: string;
  readonly app: FastifyInstance;
  drift: UpstreamDrift;
  readonly seen: SeenRequest[];
  /** Bytes GET /v1/photos/{name} answers, chunked, made once per upstream. */
  readonly photo: Buffer;
  close(): Promise<void>;
}

/**
 * A real Plant Store service for the proxy tests (test/fixtures/proxy-store.yaml under the base path
 * /v1), listening on a free port of 127.0.0.1, with switchable drifts. `https`: key and certificate.
 */
export async function startUpstream(https?: { readonly key: string; readonly cert: string }): Promise<TestUpstream> {
  // One type for both: Fastify types an HTTPS instance apart.
  const app = (https ? Fastify({ https }) : Fastify()) as unknown as FastifyInstance;
  const photo = randomBytes(3 * 1024 * 1024 + 17);
  const state: { drift: UpstreamDrift; seen: SeenRequest[] } = { drift: 'ok', seen: [] };
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.addHook('onRequest', async (request, reply) => {
    state.seen.push({ method: request.method, url: request.url, headers: request.headers, body: '' });
    if (state.drift === 'reset') {
      reply.hijack();
      request.raw.socket.resetAndDestroy();
    } else if (state.drift === 'slow') await new Promise((resolve) => setTimeout(resolve, 1_500));
    else if (state.drift === 'unavailable') return reply.code(503).send({ error: 50301, message: 'down for maintenance' });
    else if (state.drift === 'missing') return reply.code(404).send({ error: 40401, message: 'no such route here' });
  });
  app.addHook('preHandler', async (request) => {
    const last = state.seen.at(-1);
    if (last) state.seen[state.seen.length - 1] = { ...last, body: typeof request.body === 'string' ? request.body : '' };
  });
  app.post('/v1/plants', async (request, reply) => {
    const plant = JSON.parse(String(request.body)) as { name?: unknown; tag?: unknown };
    switch (state.drift) {
      case 'undocumented-status':
        return reply.code(418).send({ error: 41801, message: 'I am a teapot' });
      case 'missing-field':
        return reply.send({ tag: plant.tag ?? 'none' });
      case 'wrong-content-type':
        return reply.type('text/plain').send(`created ${String(plant.name)}`);
      default:
        return reply
          .header('set-cookie', ['a=1; Path=/', 'b=2; Path=/'])
          .send({ name: plant.name, ...(plant.tag ? { tag: plant.tag } : {}) });
    }
  });
  app.get('/v1/plants/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    if (id === '404') return reply.code(404).send({ error: 40401, message: `no plant ${id}` });
    if (state.drift !== 'missing-header') reply.header('x-request-id', 'req-1');
    if (state.drift === 'int64-overflow') return reply.type('application/json').send(`{"id":9223372036854775808,"name":"Ficus"}`);
    return reply.type('application/json').send(`{"id":${id},"name":"Ficus"}`);
  });
  app.get('/v1/photos/:name', async (_request, reply) => {
    const chunks = function* () {
      for (let at = 0; at < photo.length; at += 64 * 1024) yield photo.subarray(at, at + 64 * 1024);
    };
    return reply.type('image/png').send(Readable.from(chunks()));
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    url,
    app,
    photo,
    get drift() {
      return state.drift;
    },
    set drift(value) {
      state.drift = value;
    },
    seen: state.seen,
    close: () => app.close(),
  };
}
