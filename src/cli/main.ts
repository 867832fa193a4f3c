#!/usr/bin/env node
import module, { createRequire } from 'node:module';
import { parseLikelySpecEarly } from './early-spec.js';

/**
 * The CLI's entry. In the package, ./run.cjs is the whole CLI bundled into one file (scripts/bundle-cli.mjs):
 * Node resolves and reads one file instead of ~900 modules. ./load-bundle.cjs runs it with the V8 code
 * cache the build made for the Node that built it, so V8 skips compiling the bundle and what a first
 * answer runs; any other Node loads it with require(). Where Node has a compile cache (22.1+, the Docker
 * image) it is turned on too, in Node's default place (NODE_COMPILE_CACHE, else
 * <tmpdir>/node-compile-cache); where it cannot be written, as in a read-only container, the CLI runs
 * without it: never an error.
 */
(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
// A large document is parsed on a worker while the bundle loads (src/document/early-parse.ts).
parseLikelySpecEarly(process.argv.slice(2), process.env);
(createRequire(import.meta.url)('./load-bundle.cjs') as { loadBundle: () => unknown }).loadBundle();
