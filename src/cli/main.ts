#!/usr/bin/env node
import module from 'node:module';

/**
 * The CLI's entry. In the package, ./run.js is the whole CLI bundled into one file (scripts/bundle-cli.mjs):
 * Node resolves and reads one file instead of ~900 modules. Before loading it, V8's compile cache is turned
 * on where Node has one (22.1+, so the Docker image), so later starts skip compiling it. The cache lives in
 * Node's default place (NODE_COMPILE_CACHE, else <tmpdir>/node-compile-cache); where that cannot be written,
 * as in a read-only container, Node runs without it: never an error.
 */
const { enableCompileCache } = module as { enableCompileCache?: () => unknown };
enableCompileCache?.();
await import('./run.js');
