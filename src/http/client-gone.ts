import type { EventEmitter } from 'node:events';
import type { ProxiedClient } from '../pipeline/types.js';

/** A response of Node's HTTP/1.1 (`destroyed`) or HTTP/2 compatibility API (`stream.destroyed`). */
type WatchedResponse = EventEmitter & { readonly destroyed?: boolean; readonly stream?: { readonly destroyed: boolean } };

/**
 * The client of a request the proxy may forward, with `whenGone` watching the response's `close`:
 * a client that leaves before the upstream answers has its upstream request aborted (see
 * src/proxy/upstream-request.ts) instead of left to run until `--proxy-timeout`.
 */
export function proxiedClient(address: string | undefined, protocol: string, response: WatchedResponse): ProxiedClient {
  return {
    address,
    protocol,
    whenGone: (listener) => {
      if (response.destroyed === true || response.stream?.destroyed === true) {
        listener();
        return ignore;
      }
      response.once('close', listener);
      return () => response.off('close', listener);
    },
  };
}

function ignore(): void {}
