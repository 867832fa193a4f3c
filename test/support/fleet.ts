/**
 * The fleet harness (vitest.fleet.config.ts): a chosen subset of the existing test files runs with
 * every `createMockServer()` made into three replicas sharing one Redis under a fresh prefix, behind
 * HAProxy round-robin; `inject()` and `listen()` go through the balancer, so consecutive requests of
 * a test land on different replicas. The tests are unchanged: they must pass as on one server.
 */
import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { createMockServer as createOne, type MockInjectOptions, type MockServer, type MockServerOptions } from '../../src/./index.js';
import { startBalancer } from './infrastructure.js';

/** Where globalSetup started the store (test/support/fleet-setup.ts). */
function storeUrl(): string {
  const url = process.env.PLANTSTORE_FLEET_STORE;
  if (url === undefined) throw new Error('the fleet harness needs PLANTSTORE_FLEET_STORE (vitest.fleet.config.ts starts one)');
  return url;
}

export async function fleetServer(input: MockServerOptions = {}): Promise<MockServer> {
  // Options that choose their own store or port stay one server: the harness cannot share them.
  if (input.store !== undefined || (input.port !== undefined && input.port !== 0)) return createOne(input);
  const options = { ...input, store: storeUrl(), storePrefix: `fleet-${randomBytes(6).toString('hex')}`, port: 0 };
  const replicas: MockServer[] = [];
  try {
    for (let i = 0; i < 3; i++) replicas.push(await createOne(options));
    const hosts = await Promise.all(replicas.map(async (replica) => new URL(await replica.listen()).host));
    const balancer = await startBalancer(hosts, { plain: true });
    const first = replicas[0] as MockServer;
    let closed = false;
    const fleet: MockServer = {
      options: first.options,
      documents: first.documents,
      tls: first.tls,
      url: balancer.url,
      listen: async () => balancer.url,
      inject: (request) => injectThrough(balancer.url, request),
      // Session handles and server.coverage() are one replica's (over its own socket, its own counts).
      session: (id) => first.session(id),
      coverage: (query) => first.coverage(query),
      async close() {
        if (closed) return { unsaved: [] };
        closed = true;
        const outcomes = await Promise.all(replicas.map((replica) => replica.close()));
        await balancer.stop();
        return { unsaved: outcomes.flatMap((outcome) => outcome.unsaved) };
      },
    };
    return fleet;
  } catch (error) {
    await Promise.all(replicas.map((replica) => replica.close()));
    throw error;
  }
}

/** What inject() answers, made from a real request through the balancer. */
async function injectThrough(base: string, request: MockInjectOptions | string): Promise<LightMyRequestResponse> {
  const asked = (typeof request === 'string' ? { url: request } : request) as MockInjectOptions & {
    url?: string;
    path?: string;
    query?: Record<string, string>;
    payload?: unknown;
    body?: unknown;
  };
  const target = new URL(`${base}${asked.url ?? asked.path ?? '/'}`);
  for (const [name, value] of Object.entries(asked.query ?? {})) target.searchParams.append(name, String(value));
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(asked.headers ?? {})) if (value !== undefined) headers[name.toLowerCase()] = String(value);
  let body = asked.payload ?? asked.body;
  if (body !== undefined && typeof body === 'object' && !(body instanceof Uint8Array)) {
    body = JSON.stringify(body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(target, {
    method: asked.method ?? 'GET',
    headers,
    ...(body === undefined ? {} : { body: body as string | Uint8Array }),
    redirect: 'manual',
    signal: AbortSignal.timeout(30_000),
  });
  const raw = Buffer.from(await response.arrayBuffer());
  const answered: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    answered[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) answered['set-cookie'] = cookies;
  const text = raw.toString('utf8');
  return {
    statusCode: response.status,
    statusMessage: response.statusText,
    headers: answered,
    rawPayload: raw,
    payload: text,
    body: text,
    json: () => JSON.parse(text),
    stream: () => {
      throw new Error('stream() is not available through the fleet harness');
    },
    cookies: [],
    trailers: {},
    raw: {} as LightMyRequestResponse['raw'],
  } as unknown as LightMyRequestResponse;
}
