#!/usr/bin/env node
import module, { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/**
 * The CLI's entry. In the package, ./run.cjs is the whole CLI bundled into one file (scripts/bundle-cli.mjs):
 * Node resolves and reads one file instead of ~900 modules. Where Node has a compile cache (22.1+, the
 * Docker image) it is turned on, in Node's default place (NODE_COMPILE_CACHE, else
 * <tmpdir>/node-compile-cache), so V8 skips compiling the bundle on later starts; where it cannot be
 * written, as in a read-only container, the CLI runs without it: never an error.
 */
const bundle = fileURLToPath(new URL('./run.cjs', import.meta.url));
(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
createRequire(import.meta.url)(bundle);
