import type { EventEmitter } from 'node:events';
import type { ProxiedClient } from '../mock/mock-surface.js';

/** A response of Node's HTTP/1.1 (`destroyed`) or HTTP/2 compatibility API (`stream.destroyed`). */
type WatchedResponse = EventEmitter & {
  readonly destroyed?: boolean;
  readonly stream?: { readonly destroyed?: boolean; readonly closed?: boolean };
};

/**
 * Whether the client has gone, over HTTP/1.1 or HTTP/2: the HTTP/2 compatibility response has no
 * `destroyed` of its own (it reads `undefined`), its stream does.
 */
export function responseGone(response: WatchedResponse): boolean {
  if (response.destroyed === true) return true;
  const stream = response.stream;
  return stream !== undefined && (stream.destroyed === true || stream.closed === true);
}

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
      if (responseGone(response)) {
        listener();
        return ignore;
      }
      response.once('close', listener);
      return () => response.off('close', listener);
    },
  };
}

function ignore(): void {}
