/**
 * Warm creation, in this process, as a test runner pays it for a server per test: create, first
 * answer, close; through inject() and over a socket (listen on a free port, fetch). Mock and bare app
 * alternate, after a warm-up of each.
 */
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createBareApp } from './bare-app.js';
import { VALID_BODY } from './servers.js';
import { median } from './stats.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const HEADERS = { authorization: 'Bearer bench', 'content-type': 'application/json' };
const REQUEST = { method: 'POST' as const, url: '/plants', headers: HEADERS, payload: VALID_BODY };

interface Instance {
  inject(request: typeof REQUEST): Promise<{ statusCode: number }>;
  listen(): Promise<string>;
  close(): Promise<unknown>;
}
type Factory = () => Promise<Instance>;

async function mockFactory(packageRoot: string): Promise<Factory> {
  const { createMockServer } = (await import(pathToFileURL(`${packageRoot}/dist/index.js`).href)) as typeof import('../../src/index.js');
  return async () => {
    const server = await createMockServer({ logLevel: 'silent', port: 0 });
    return { inject: (r) => server.inject(r), listen: () => server.listen(), close: () => server.close() };
  };
}

export type WarmName = 'mock' | 'baseline' | 'bare';

async function factories(baseline: string | undefined): Promise<Partial<Record<WarmName, Factory>>> {
  return {
    mock: await mockFactory(root),
    ...(baseline === undefined ? {} : { baseline: await mockFactory(baseline) }),
    bare: async () => {
      const app = await createBareApp();
      return {
        inject: (r) => app.inject(r),
        listen: async () => {
          await app.listen({ port: 0, host: '127.0.0.1' });
          return app.listeningOrigin;
        },
        close: () => app.close(),
      };
    },
  };
}

interface Timing {
  create: number;
  answer: number;
  close: number;
  total: number;
}

async function once(create: Factory, socket: boolean): Promise<Timing> {
  const t0 = performance.now();
  const instance = await create();
  const t1 = performance.now();
  let status: number;
  if (socket) {
    const url = await instance.listen();
    const response = await fetch(`${url}/plants`, {
      method: 'POST',
      headers: HEADERS,
      body: VALID_BODY,
      signal: AbortSignal.timeout(5000),
    });
    await response.arrayBuffer();
    status = response.status;
  } else {
    status = (await instance.inject(REQUEST)).statusCode;
  }
  const t2 = performance.now();
  await instance.close();
  const t3 = performance.now();
  if (status !== 200) throw new Error(`answered ${status}`);
  return { create: t1 - t0, answer: t2 - t1, close: t3 - t2, total: t3 - t0 };
}

const medians = (list: Timing[]): Timing => ({
  create: median(list.map((t) => t.create)),
  answer: median(list.map((t) => t.answer)),
  close: median(list.map((t) => t.close)),
  total: median(list.map((t) => t.total)),
});

export async function warmRun(count: number, baseline?: string) {
  const make = await factories(baseline);
  const names = Object.keys(make) as WarmName[];
  const result = { inject: new Map<WarmName, Timing[]>(), socket: new Map<WarmName, Timing[]>() };
  for (const socket of [false, true]) {
    const into = socket ? result.socket : result.inject;
    for (let i = 0; i < 5; i++) for (const name of names) await once(make[name] as Factory, socket);
    for (let i = 0; i < count; i++) {
      for (const name of i % 2 === 0 ? names : [...names].reverse()) {
        into.set(name, [...(into.get(name) ?? []), await once(make[name] as Factory, socket)]);
      }
    }
  }
  const summary = (timings: Map<WarmName, Timing[]>) => (name: WarmName) => medians(timings.get(name) ?? []);
  return { inject: summary(result.inject), socket: summary(result.socket) };
}
