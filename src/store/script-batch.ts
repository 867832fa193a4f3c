import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/** A Lua script of the store, called with its arguments (no keys: the scripts build them from the prefix). */
export type ScriptCall<T = unknown> = (...args: string[]) => Promise<T>;

interface Pending {
  readonly sha: string;
  readonly lua: string;
  readonly args: readonly string[];
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * The request path's scripts, called by their digest (EVALSHA; the text only once per server, when the
 * store answers NOSCRIPT), and the calls made in one turn of the event loop sent in one write: flushed on
 * `setImmediate`, once every request read in that turn has asked. ioredis' own auto-pipelining flushes on
 * `process.nextTick`, after each request, so every request cost a write (and a wake-up of the store) of
 * its own: under load, the largest single cost of a sequence step with the store.
 */
export function scriptBatch(client: Redis): <T>(lua: string) => ScriptCall<T> {
  let queue: Pending[] = [];
  const flush = () => {
    const batch = queue;
    queue = [];
    const pipeline = client.pipeline();
    for (const call of batch) pipeline.evalsha(call.sha, 0, ...call.args);
    pipeline.exec().then(
      (replies) => {
        batch.forEach((call, i) => {
          const [error, value] = replies?.[i] ?? [new Error('the store gave no reply'), undefined];
          if (!error) call.resolve(value);
          // Not loaded (a restarted or flushed store): sent whole once, which loads it again.
          else if (error.message.includes('NOSCRIPT')) client.eval(call.lua, 0, ...call.args).then(call.resolve, call.reject);
          else call.reject(error);
        });
      },
      (error: unknown) => {
        for (const call of batch) call.reject(error);
      },
    );
  };
  return <T>(lua: string): ScriptCall<T> => {
    const sha = createHash('sha1').update(lua).digest('hex');
    return (...args) =>
      new Promise<T>((resolve, reject) => {
        if (queue.length === 0) setImmediate(flush);
        queue.push({ sha, lua, args, resolve: resolve as (value: unknown) => void, reject });
      });
  };
}
