'use strict';
/**
 * Shipped as dist/lib/load-bundle.cjs and dist/cli/load-bundle.cjs: loads the bundle beside it (the
 * library's index.cjs, the CLI's run.cjs) as require() would,
 * with the V8 code cache the build made for it (scripts/bundle/make-code-cache.cjs) when there is one for
 * this bundle, this V8 version and this architecture. V8 then skips compiling the bundle and the
 * functions a server runs to answer its first request, which is most of a fresh process's start-up; V8
 * itself rejects a cache made with other flags, and compiles as without one. Other Node versions find no
 * cache file and load the bundle with require(). Nothing is ever written at run time.
 */
const { readFileSync } = require('node:fs');
const Module = require('node:module');
const { join } = require('node:path');
const vm = require('node:vm');

/** The bundle's file name, written in by the build. */
const BUNDLE = join(__dirname, '__BUNDLE_FILE__');
/** A hash of the bundle's text, written in by the build: a cache belongs to the text it was made from. */
const BUNDLE_ID = '__BUNDLE_ID__';

function cacheFile() {
  return `${BUNDLE.replace(/\.cjs$/, '')}.${BUNDLE_ID}.${process.versions.v8}.${process.arch}.v8cache`;
}

/** Compiles and runs the bundle as a CommonJS module (registered as require() would), with `cachedData` if given. */
function compileBundle(cachedData) {
  // The bundle is ASCII (scripts/bundle-cli.mjs writes it so): read as latin1, the same string, made without
  // UTF-8 decoding's checks (a third of the read's CPU).
  const source = readFileSync(BUNDLE, 'latin1');
  // Node's own module wrapper, on the source's first line, so that line numbers in stacks stay the file's.
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) { ${source}\n})`, {
    filename: BUNDLE,
    cachedData,
    importModuleDynamically: vm.constants?.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  const bundle = new Module(BUNDLE, module);
  bundle.filename = BUNDLE;
  bundle.paths = module.paths;
  require.cache[BUNDLE] = bundle;
  try {
    script.runInThisContext()(bundle.exports, Module.createRequire(BUNDLE), bundle, BUNDLE, __dirname);
  } catch (error) {
    delete require.cache[BUNDLE];
    throw error;
  }
  bundle.loaded = true;
  return { script, exports: bundle.exports };
}

/** The bundle's exports: from the code cache when this Node has one, else as require() loads it. */
function loadBundle() {
  if (require.cache[BUNDLE]) return require.cache[BUNDLE].exports;
  let cachedData;
  try {
    cachedData = readFileSync(cacheFile());
  } catch {
    return require(BUNDLE);
  }
  return compileBundle(cachedData).exports;
}

module.exports = { loadBundle, compileBundle, cacheFile, bundleId: BUNDLE_ID };
