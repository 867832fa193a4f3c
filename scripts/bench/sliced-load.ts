/**
 * One measured window of a mix, cut into slices taken in turn from each running server (A B C, B C A, ...),
 * each server's CPU and answers summed over its slices. What other jobs take of a shared machine changes
 * within seconds; servers measured one whole window after the other saw different machines, and a round's
 * ratio moved with that. Slices of a second or two, interleaved, put every server under the same minutes.
 */
import { type Loader, type LoadResult, type MixName, runLoad } from './load.js';
import { type RunningServer, withCpu } from './servers.js';
import { median } from './stats.js';

export interface SlicedOptions {
  readonly mix: MixName;
  readonly connections: number;
  /** Seconds of measured load per server, over all its slices. */
  readonly duration: number;
  readonly slices: number;
  /** Seconds of the same mix, unmeasured, on each server before its first slice. */
  readonly settle: number;
  readonly loader: Loader;
}

export type SlicedResult = LoadResult & { readonly cpuUsPerRequest: number };

export async function slicedLoad(servers: readonly RunningServer[], options: SlicedOptions): Promise<Map<RunningServer, SlicedResult>> {
  const { mix, connections, loader } = options;
  // wrk runs for whole seconds.
  const slice = loader === 'wrk' ? Math.max(1, Math.round(options.duration / options.slices)) : options.duration / options.slices;
  if (options.settle > 0)
    for (const server of servers) await runLoad({ url: server.url, mix, connections, duration: options.settle, loader });
  const parts = new Map<RunningServer, (LoadResult & { cpuUsPerRequest: number })[]>(servers.map((server) => [server, []]));
  for (let i = 0; i < options.slices; i++) {
    for (let j = 0; j < servers.length; j++) {
      const server = servers[(i + j) % servers.length] as RunningServer;
      parts
        .get(server)
        ?.push(await withCpu(server.child.pid, () => runLoad({ url: server.url, mix, connections, duration: slice, loader })));
    }
  }
  return new Map([...parts].map(([server, list]) => [server, combine(list)]));
}

/** The slices as one window: answers and CPU summed, latency percentiles the median of the slices'. */
function combine(list: readonly (LoadResult & { cpuUsPerRequest: number })[]): SlicedResult {
  const requests = list.reduce((sum, part) => sum + part.requests, 0);
  const seconds = list.reduce((sum, part) => sum + (part.requests > 0 ? part.requests / part.reqPerSec : 0), 0);
  const cpuUs = list.reduce((sum, part) => sum + (part.requests > 0 ? part.cpuUsPerRequest * part.requests : 0), 0);
  return {
    requests,
    reqPerSec: seconds > 0 ? requests / seconds : Number.NaN,
    cpuUsPerRequest: requests > 0 ? cpuUs / requests : Number.NaN,
    p50: median(list.map((part) => part.p50)),
    p99: median(list.map((part) => part.p99)),
    errors: list.reduce((sum, part) => sum + part.errors, 0),
    non2xx: list.reduce((sum, part) => sum + part.non2xx, 0),
  };
}
