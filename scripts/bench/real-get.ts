/**
 * The hot path on a real document: CPU per `GET /repos/{owner}/{repo}` on GitHub's REST API description,
 * the mock beside Prism, each started once on the document, warmed up, then measured back to back over the
 * rounds (order rotating). A large document must not make a request dearer than on the Plant Store.
 */
import { runLoad } from './load.js';
import { realDocuments } from './real-documents.js';
import { type Launched, launch } from './scale-launch.js';
import { withCpu } from './servers.js';

export const REAL_GET_PATH = '/repos/octocat/hello-world';
const request = { method: 'GET' as const, path: REAL_GET_PATH, headers: { accept: 'application/json' } };

export interface RealGetSample {
  readonly cpuUsPerRequest: number;
  readonly reqPerSec: number;
  readonly p99: number;
  readonly non2xx: number;
  readonly errors: number;
}

export type RealGetServer = 'mock' | 'prism';

async function firstAnswer(server: Launched, timeoutMs: number): Promise<number> {
  while (performance.now() - server.startedAt < timeoutMs) {
    if (server.child.exitCode !== null) throw new Error(`exited with ${server.child.exitCode} before answering`);
    try {
      const response = await fetch(`${server.url}${REAL_GET_PATH}`, { headers: request.headers });
      await response.arrayBuffer();
      return response.status;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  throw new Error(`no answer within ${timeoutMs} ms`);
}

export async function measureRealGet(options: {
  readonly rounds: number;
  readonly duration: number;
  readonly warmup: number;
  readonly connections: number;
  readonly log: (line: string) => void;
}): Promise<Map<RealGetServer, RealGetSample[]>> {
  const spec = realDocuments(['github']).get('github') as string;
  const samples = new Map<RealGetServer, RealGetSample[]>();
  // Prism answers a few hundred of these a second at best: at many connections its answers outlast a short run.
  const connections = Math.min(options.connections, 10);
  const running: [RealGetServer, Launched][] = [];
  try {
    for (const name of ['mock', 'prism'] as const) {
      const server = await launch(name, spec);
      running.push([name, server]);
      const status = await firstAnswer(server, 300_000);
      options.log(`github GET ${name}: first answer ${status}`);
      await runLoad({ url: server.url, mix: 'valid', requests: [request], connections, duration: options.warmup });
    }
    for (let round = 0; round < options.rounds; round++) {
      const order = round % 2 === 0 ? running : [...running].reverse();
      for (const [name, server] of order) {
        const result = await withCpu(server.child.pid, () =>
          runLoad({ url: server.url, mix: 'valid', requests: [request], connections, duration: options.duration }),
        );
        samples.set(name, [...(samples.get(name) ?? []), result]);
        options.log(
          `round ${round + 1} github GET ${name}: CPU ${result.cpuUsPerRequest.toFixed(1)} us/req, ${result.reqPerSec.toFixed(0)} req/s, non-2xx ${result.non2xx}`,
        );
      }
    }
  } finally {
    await Promise.all(running.map(([, server]) => server.stop()));
  }
  return samples;
}
