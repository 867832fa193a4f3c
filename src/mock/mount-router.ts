import { enterDocument } from '../pipeline/exchange.js';
import type { DocumentMount, Exchange } from '../pipeline/types.js';

/** One document of several, behind the front router. */
export interface Mounted<T> {
  readonly mount: DocumentMount;
  readonly target: T;
}

/**
 * The front router of a server with several documents: picks the document whose base path is the longest
 * that the request's path starts with (segment by segment: `/billing` takes `/billing` and `/billing/x`,
 * never `/billingx`), marks the exchange with it and leaves the rest of the path for that document's
 * own route stage. Undefined when no document is mounted there.
 */
export function createMountRouter<T>(documents: readonly Mounted<T>[]): (exchange: Exchange) => T | undefined {
  const byLength = [...documents].sort((a, b) => b.mount.base.length - a.mount.base.length);
  return (exchange) => {
    const path = exchange.path;
    for (const document of byLength) {
      const base = document.mount.base;
      if (base === '/') return enter(exchange, document, path);
      if (path.startsWith(base) && (path.length === base.length || path.charCodeAt(base.length) === SLASH))
        return enter(exchange, document, path.length === base.length ? '/' : path.slice(base.length));
    }
    return undefined;
  };
}

const SLASH = 0x2f;

function enter<T>(exchange: Exchange, { mount, target }: Mounted<T>, rest: string): T {
  enterDocument(exchange, mount, rest);
  return target;
}

/** Two documents at the same base: the first pair, named by file, or undefined. */
export function collidingMounts<T extends { readonly base: string; readonly file: string }>(
  mounts: readonly T[],
): readonly [T, T] | undefined {
  const seen = new Map<string, T>();
  for (const mount of mounts) {
    const earlier = seen.get(mount.base);
    if (earlier) return [earlier, mount];
    seen.set(mount.base, mount);
  }
  return undefined;
}
