#!/usr/bin/env node
import module, { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { requireWithCodeCache } from './code-cache.js';

/**
 * The CLI's entry. In the package, ./run.cjs is the whole CLI bundled into one file (scripts/bundle-cli.mjs):
 * Node resolves and reads one file instead of ~900 modules, and V8 skips compiling it on later starts:
 * - Node 22.1+ (the Docker image): Node's own compile cache, in Node's default place (NODE_COMPILE_CACHE,
 *   else <tmpdir>/node-compile-cache);
 * - older Node: V8's code cache made after start-up (./code-cache.js), in a plantstore-mock-<uid> folder there.
 * Where the cache cannot be written, as in a read-only container, the CLI runs without it: never an error.
 */
const bundle = fileURLToPath(new URL('./run.cjs', import.meta.url));
const { enableCompileCache } = module as { enableCompileCache?: () => unknown };
if (enableCompileCache) {
  enableCompileCache();
  createRequire(import.meta.url)(bundle);
} else {
  const disabled = process.env.NODE_DISABLE_COMPILE_CACHE !== undefined;
  const cacheDir = disabled
    ? undefined
    : join(process.env.NODE_COMPILE_CACHE || join(tmpdir(), 'node-compile-cache'), `plantstore-mock-${process.getuid?.() ?? 'user'}`);
  const cli = requireWithCodeCache(bundle, cacheDir);
  // Made once the server listens, so that it holds what start-up compiled: a cache made at exit could
  // miss it after hours of serving (V8 drops the code of functions unused for long).
  void (cli.exports as { started: Promise<boolean> }).started.then((listening) => {
    if (listening) setImmediate(() => cli.save());
  });
}
