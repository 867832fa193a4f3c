// Bundles the compiled CLI (dist/cli/run.js and everything it imports) into one CommonJS file,
// dist/cli/run.cjs, so that the CLI's start-up resolves and reads one module instead of ~900. The entry
// (main.js) loads it with require(). Run by `npm run build` after tsc; dist/index.js (the programmatic API)
// stays tsc's output.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmod, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, dirname, isAbsolute, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { lazyAjvDrafts, PRISM_SCHEMA_CHECK } from './bundle/lazy-ajv-drafts.mjs';

const cli = fileURLToPath(new URL('../dist/cli/run.js', import.meta.url));
const bundle = fileURLToPath(new URL('../dist/cli/run.cjs', import.meta.url));

/**
 * src/prism/prism-internals.ts loads Prism (CommonJS) with `createRequire` anchored at prism-http, so that
 * Prism's own dependencies are the ones found. esbuild only bundles calls to the bare `require`, so in
 * src/prism/ each `NAME('specifier')` becomes `require('<the file Node would load from that anchor>')`.
 * Elsewhere createRequire stays as written: faker and json-schema-faker load from node_modules on first use.
 */

/**
 * Left to Node where it has a compile cache (22.1+, main.js): Prism's reference parser calls url.resolve and
 * pulls in node-fetch, whose whatwg-url and tr46 use Node APIs that print deprecation warnings (url.parse,
 * punycode) on Node >= 22 unless the caller lives in node_modules; Node's compile cache covers it there.
 * Bundled as well, and loaded from the bundle on older Node, which warns about neither and has no compile
 * cache: loaded by Node, its ~40 modules cost ~40 ms.
 */
const LEFT_TO_NODE = new Set(['@stoplight/json-schema-ref-parser']);
/**
 * Not bundled at all, loaded from node_modules when first called: Prism's Postman reader (postman-collection
 * and the faker 5 it brings, 2 MB), which only a server of a Postman collection asks for.
 */
const NOT_BUNDLED = new Set(['@stoplight/http-spec/postman/operation']);

const prismRequires = {
  name: 'prism-requires',
  setup(builder) {
    builder.onLoad({ filter: /[\\/]dist[\\/]prism[\\/][^\\/]+\.js$/ }, async ({ path }) => {
      let source = await readFile(path, 'utf8');
      const declarations =
        /^const (\w+) = createRequire\((import\.meta\.url|createRequire\(import\.meta\.url\)\.resolve\('([^']+)'\))\);$/gm;
      for (const [line, name, , anchorSpecifier] of [...source.matchAll(declarations)]) {
        const from = createRequire(anchorSpecifier ? createRequire(path).resolve(anchorSpecifier) : path);
        const call = new RegExp(`\\b${name}\\('([^']+)'\\)`, 'g');
        const leftToNode = [...source.matchAll(call)].some(([, specifier]) => LEFT_TO_NODE.has(specifier) || NOT_BUNDLED.has(specifier));
        if (!leftToNode && new RegExp(`\\b${name}\\b`).test(source.replace(line, '').replace(call, ''))) {
          throw new Error(`${path}: ${name} is used other than as ${name}('specifier'); cannot bundle it`);
        }
        source = source.replace(call, (whole, specifier) => {
          if (NOT_BUNDLED.has(specifier)) return whole;
          const bundled = `require(${JSON.stringify(from.resolve(specifier))})`;
          return LEFT_TO_NODE.has(specifier) ? `(require('node:module').enableCompileCache ? ${whole} : ${bundled})` : bundled;
        });
        // The declaration stays only for what is still loaded at run time.
        if (!leftToNode) source = source.replace(line, '');
      }
      return { contents: source, loader: 'js' };
    });
  },
};

/**
 * CommonJS modules that a bundled dependency requires at load time but calls only on paths a first answer
 * does not take: each becomes a stand-in whose first property read loads the real module, except the
 * properties named here, each loaded alone. Prism's security validator requires lodash/fp (most of lodash,
 * converted function by function at load: ~40 ms) for the one `set` it calls on a rejected credential,
 * which the first rehearsal of a secured operation makes (src/pipeline/rehearse.ts): lodash/fp/set is that
 * function converted alone. prom-client requires the OpenTelemetry API (external, read from node_modules)
 * for exemplars, which the mock never turns on. Fastify requires semver (~40 regular expressions compiled
 * at load) to check the version a plugin made with fastify-plugin asks for, and the mock registers none;
 * and node:http2 for an HTTP/2 server (`--http2`), made only then. type-is (Prism's body check) requires
 * mime-types, which builds its extension maps from mime-db at load (~5 ms), for the one lookup of a type
 * named without a slash (`json`), which Prism never asks. Prism's schema check requires Ajv's 2019-09 and
 * 2020-12 classes for the instances the bundles make on first use (lazyPrismAjvDrafts below).
 */
const LOADED_ON_FIRST_USE = new Map([
  ['lodash/fp', { set: 'lodash/fp/set' }],
  ['@opentelemetry/api', {}],
  ['semver', {}],
  ['node:http2', {}],
  ['node:https', {}],
  ['https', {}],
  ['mime-types', {}],
  ['ajv/dist/2019', {}],
  ['ajv/dist/2020', {}],
]);
/** The importers whose require of a module of LOADED_ON_FIRST_USE gets the stand-in (by default, all). */
const FIRST_USE_FROM = new Map([
  ['@opentelemetry/api', /[\\/]node_modules[\\/]prom-client[\\/]/],
  ['semver', /[\\/]node_modules[\\/]fastify[\\/]lib[\\/]plugin-utils\.js$/],
  ['node:http2', /[\\/]node_modules[\\/]fastify[\\/]lib[\\/]server\.js$/],
  // node:https loads node:tls (~1 ms of a start's CPU beyond node:crypto): Fastify's server needs it for
  // an HTTPS server only (`--tls` or `--cert` makes an HTTP/2 one), prom-client's Pushgateway to push.
  ['node:https', /[\\/]node_modules[\\/]fastify[\\/]lib[\\/]server\.js$/],
  ['https', /[\\/]node_modules[\\/]prom-client[\\/]lib[\\/]pushgateway\.js$/],
  ['mime-types', /[\\/]node_modules[\\/]type-is[\\/]index\.js$/],
  // Prism's schema check makes these drafts' instances on first use in the bundles (lazyAjvDrafts below).
  ['ajv/dist/2019', PRISM_SCHEMA_CHECK],
  ['ajv/dist/2020', PRISM_SCHEMA_CHECK],
]);
/**
 * Stoplight's packages (Prism's validators, http-spec, @stoplight/json) require lodash whole (~4 ms of a
 * start's CPU: lodash builds each of its ~300 functions and their chaining wrappers as it loads) for the
 * few functions named here. Their stand-in has each of these as lodash's own module of that one function
 * (lodash/get.js: the same source lodash.js is built from), loaded on first use and then a plain property;
 * any other name loads lodash whole, so a Prism upgrade calling another function stays right.
 */
const LODASH_PIECES = [
  'cloneDeep',
  'compact',
  'escapeRegExp',
  'flatten',
  'get',
  'has',
  'inRange',
  'isEmpty',
  'isEqualWith',
  'isMatch',
  'keyBy',
  'mapKeys',
  'mapValues',
  'omit',
  'partial',
  'pick',
  'pickBy',
  'set',
  'setWith',
  'trimStart',
  'upperFirst',
];
const PIECES_FROM = /[\\/]node_modules[\\/]@stoplight[\\/]/;
/**
 * Modules required only for what they do where Node has no global fetch: isomorphic-fetch then installs
 * node-fetch (with whatwg-url and tr46) as the global one, and Prism's reference parser requires it for
 * that alone. Node 20+ has fetch: the stand-in loads it only where fetch is missing (turned off).
 */
const ONLY_WITHOUT_GLOBAL_FETCH = new Set(['isomorphic-fetch']);
/**
 * A polyfill Prism's reference parser hands to the global fetch to time out a remote `$ref`: Node's fetch
 * calls back into its signal as into its own AbortSignal, which the polyfill's is not, and the timeout
 * crashed the process. Node 20+ has both classes: the stand-in gives them, and the polyfill only without.
 */
const NATIVE_WHERE_PRESENT = new Set(['node-abort-controller']);

const standIn = (kind, path, alone = {}) =>
  kind === 'pieces'
    ? `let loaded;
const whole = new Proxy({}, { get: (_, name) => (loaded ??= require(${JSON.stringify(path)}))[name] });
const pieces = Object.create(whole);
const pieceOf = {${Object.entries(alone)
        .map(([name, file]) => `\n  ${JSON.stringify(name)}: () => require(${JSON.stringify(file)}),`)
        .join('')}
};
for (const [name, load] of Object.entries(pieceOf))
  Object.defineProperty(pieces, name, {
    configurable: true,
    enumerable: true,
    get() {
      const value = load();
      Object.defineProperty(pieces, name, { value, writable: true, enumerable: true, configurable: true });
      return value;
    },
  });
module.exports = pieces;
`
    : kind === 'fetch'
      ? `if (typeof globalThis.fetch !== 'function') module.exports = require(${JSON.stringify(path)});\n`
      : kind === 'abort'
        ? `module.exports = typeof globalThis.AbortController === 'function' ? { AbortController, AbortSignal } : require(${JSON.stringify(path)});\n`
        : `let loaded;
const real = () => (loaded ??= require(${JSON.stringify(path)}));
const alone = {${Object.entries(alone)
            .map(([name, file]) => `\n  get ${JSON.stringify(name)}() { return require(${JSON.stringify(file)}); },`)
            .join('')}
};
module.exports = new Proxy({}, {
  get: (_, name) => (Object.hasOwn(alone, name) ? alone[name] : real()[name]),
  has: (_, name) => name in real(),
  ownKeys: () => Reflect.ownKeys(real()),
  getOwnPropertyDescriptor: (_, name) => {
    const descriptor = Reflect.getOwnPropertyDescriptor(real(), name);
    return descriptor && { ...descriptor, configurable: true };
  },
});
`;

/**
 * A stand-in's path, which esbuild writes into the bundle as its module's label (`"stand-in:..."`): relative
 * to the package root, as esbuild labels the files it reads, so that the bundle's text, and its digest (the
 * code cache's and the parse cache's key), is the same in every directory the same commit is built in.
 */
const packageRoot = fileURLToPath(new URL('../', import.meta.url));
const buildFree = (path) => (isAbsolute(path) ? relative(packageRoot, path).split(sep).join('/') : path);

const loadedOnFirstUse = {
  name: 'loaded-on-first-use',
  setup(builder) {
    builder.onResolve(
      {
        filter:
          /^(lodash|lodash\/fp|@opentelemetry\/api|semver|node:http2|node:https|https|mime-types|ajv\/dist\/20(19|20)|isomorphic-fetch|node-abort-controller)$/,
      },
      ({ path, importer, resolveDir, namespace }) => {
        if (FIRST_USE_FROM.has(path) && !FIRST_USE_FROM.get(path).test(importer)) return undefined;
        if (path === 'lodash' && !PIECES_FROM.test(importer)) return undefined;
        const kind = LOADED_ON_FIRST_USE.has(path)
          ? 'first-use'
          : path === 'lodash'
            ? 'pieces'
            : ONLY_WITHOUT_GLOBAL_FETCH.has(path)
              ? 'fetch'
              : NATIVE_WHERE_PRESENT.has(path)
                ? 'abort'
                : undefined;
        if (namespace === 'stand-in' || kind === undefined) return undefined;
        const from = createRequire(`${resolveDir}/`);
        // An external module stays a bare specifier, for Node to resolve when the stand-in first needs it.
        const external = path.startsWith('@opentelemetry/') || path.startsWith('node:') || path === 'https';
        const pieces = Object.fromEntries(LODASH_PIECES.map((name) => [name, `lodash/${name}`]));
        const alone = Object.fromEntries(
          Object.entries(kind === 'pieces' ? pieces : (LOADED_ON_FIRST_USE.get(path) ?? {})).map(([name, file]) => [
            name,
            from.resolve(file),
          ]),
        );
        const resolved = from.resolve(path);
        return {
          path: buildFree(resolved),
          namespace: 'stand-in',
          pluginData: { kind, alone, load: external ? path : resolved, resolveDir: dirname(resolved) },
        };
      },
    );
    builder.onLoad({ filter: /.*/, namespace: 'stand-in' }, ({ pluginData }) => ({
      contents: standIn(pluginData.kind, pluginData.load, pluginData.alone),
      loader: 'js',
      resolveDir: pluginData.resolveDir,
    }));
  },
};

/**
 * The scenario-file schema compiled at build time (src/scenarios/file-schema-precompiled.ts says why): that
 * module becomes Ajv's standalone code for the shipped schema, made with the options file-schema.ts
 * compiles it with at run time (from tsc's output, built just before), by the Ajv the package depends on.
 */
const scenarioSchemaModule = /[\\/]dist[\\/]scenarios[\\/]file-schema-precompiled\.js$/;
let scenarioSchemaPrecompiled = 0;
const precompiledScenarioSchema = {
  name: 'precompiled-scenario-schema',
  setup(builder) {
    builder.onLoad({ filter: scenarioSchemaModule }, async ({ path }) => {
      const { SCENARIO_SCHEMA_AJV_OPTIONS, SCENARIO_FILE_SCHEMA } = await import(new URL('file-schema.js', pathToFileURL(path)).href);
      const fromHere = createRequire(path);
      const { Ajv } = fromHere('ajv');
      const standaloneCode = fromHere('ajv/dist/standalone').default;
      const ajv = new Ajv({ ...SCENARIO_SCHEMA_AJV_OPTIONS, code: { source: true, esm: true } });
      const code = standaloneCode(ajv, ajv.compile(JSON.parse(await readFile(SCENARIO_FILE_SCHEMA, 'utf8'))));
      scenarioSchemaPrecompiled += 1;
      return {
        contents: `${code}\nexport function precompiledScenarioValidator() { return validate; }\n`,
        loader: 'js',
        resolveDir: dirname(path),
      };
    });
  },
};

/**
 * yargs' help-text width reader (string-width, two copies) makes an Intl.Segmenter (ICU data) and
 * compiles Unicode property regular expressions (`\\p{RGI_Emoji}`) when it loads: ~0.2 s and ~0.25 s
 * of every CLI start on the loaded 2-core machine, for help text a start never prints. Each such
 * module-level constant is made on first use instead (the same value, made once).
 */
const lazyStringWidth = {
  name: 'lazy-string-width',
  setup(builder) {
    builder.onLoad({ filter: /[\\/]string-width[\\/]index\.js$/ }, async ({ path }) => {
      let source = await readFile(path, 'utf8');
      const made = [];
      for (const [line, name, value] of [...source.matchAll(/^const (\w+) = (new Intl\.Segmenter\(\)|\/.+\/[a-z]*);$/gm)]) {
        source = source.replace(line, '').replace(new RegExp(`\\b${name}\\b`, 'g'), `${name}Made()`);
        made.push(`let ${name}Value;\nfunction ${name}Made() {\n  return (${name}Value ??= ${value});\n}`);
      }
      return { contents: `${source}\n${made.join('\n')}\n`, loader: 'js', resolveDir: dirname(path) };
    });
  },
};

/** Prism's 2019-09 and 2020-12 Ajv instances made on first use (scripts/bundle/lazy-ajv-drafts.mjs says why). */
let prismSchemaCheckRewritten = 0;
const lazyPrismAjvDrafts = {
  name: 'lazy-prism-ajv-drafts',
  setup(builder) {
    builder.onLoad({ filter: PRISM_SCHEMA_CHECK }, async ({ path }) => {
      prismSchemaCheckRewritten += 1;
      return { contents: lazyAjvDrafts(await readFile(path, 'utf8')), loader: 'js', resolveDir: dirname(path) };
    });
  },
};

/**
 * Packages only a server with some option asks for: undici (`--proxy`, callbacks), node-forge (`--tls`'s
 * generated certificate), ioredis (`--store`), pino-pretty (`--log-pretty`), node-fetch with whatwg-url and
 * tr46 (Prism's reference parser where Node has no fetch). A third of the bundle's text, which every start
 * read and handed to V8 for nothing (~5 ms of a start's CPU, measured in the process: bench/lab-runs.md).
 * They go into a bundle of their own, dist/aside/index.cjs, with its own code cache; each bundle's import of
 * one becomes a stand-in that loads that bundle, through its load-bundle.cjs, when the import runs. Every
 * importer reaches them through `await import()` (or from a module itself imported so):
 * test/package/aside-bundle.test.ts fails if a plain start loads the aside bundle.
 */
const ASIDE = ['undici', 'node-forge', 'ioredis', 'pino-pretty', 'node-fetch'];
const ASIDE_FILTER = new RegExp(`^(${ASIDE.join('|')})$`);
const aside = {
  name: 'aside',
  setup(builder) {
    builder.onResolve({ filter: ASIDE_FILTER }, ({ path }) => ({ path, namespace: 'aside' }));
    // __dirname is the bundle's folder (dist/cli or dist/lib): the aside bundle is in dist/aside.
    builder.onLoad({ filter: /.*/, namespace: 'aside' }, ({ path }) => ({
      contents: `module.exports = require(require('node:path').join(__dirname, '..', 'aside', 'load-bundle.cjs')).loadBundle()[${JSON.stringify(path)}]();\n`,
      loader: 'js',
    }));
  },
};

/** One entry bundled into one CommonJS file, written with ASCII only. */
async function bundleEntry(entry, outfile) {
  const result = await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    // Modules are labelled by their path from here, whatever directory the build is run from.
    absWorkingDir: packageRoot,
    // The ES modules bundled (ours, yargs) locate files from import.meta.url: the bundle's own URL.
    define: { 'import.meta.url': '__bundleUrl' },
    // Strict mode, as esbuild writes the file (its entry is an ES module): its "use strict" came after the
    // banner, where it is no directive, and the whole bundle ran sloppy.
    banner: { js: `"use strict";\nvar __bundleUrl = require('node:url').pathToFileURL(__filename).href;` },
    // jsonc-parser's CommonJS entry is a UMD wrapper that hands `require` to its factory as a value, which
    // no bundler can follow; its ES module entry (package.json "module", the same code) bundles.
    alias: { 'jsonc-parser': 'jsonc-parser/lib/esm/main.js' },
    plugins: [aside, prismRequires, loadedOnFirstUse, precompiledScenarioSchema, lazyStringWidth, lazyPrismAjvDrafts],
    // A third less text to read and hand to V8 (8.4 -> 5.7 MB): ~5 ms of every start's CPU, measured in
    // the process (bench/lab-runs.md). Names are kept, so stacks still name their functions.
    minifyWhitespace: true,
    // The MCP SDK (and the web framework pieces it brings) is loaded from node_modules when an MCP server
    // is first asked for: bundled, its half a megabyte would be read by every start of the CLI and the library.
    // The OpenTelemetry SDK likewise, loaded only by a server with tracing on (src/tracing/tracing.ts).
    external: ['@modelcontextprotocol/sdk', '@modelcontextprotocol/sdk/*', '@opentelemetry/*'],
    logLevel: 'warning',
    write: false,
  });
  // A require() esbuild could not follow fails at run time, on the code path that reaches it: refuse to
  // write such a bundle (a relative specifier left to runtime, or require handed around as a value).
  const [output] = result.outputFiles;
  if (scenarioSchemaPrecompiled === 0) throw new Error(`bundle-cli: ${entry} has no precompiled scenario-file schema`);
  if (prismSchemaCheckRewritten !== 1) throw new Error(`bundle-cli: ${entry} has Prism's schema check ${prismSchemaCheckRewritten} times`);
  scenarioSchemaPrecompiled = 0;
  prismSchemaCheckRewritten = 0;
  const unfollowed = /\b(?:__)?require\(["']\.|[(,]\s*(?:__)?require\s*[,)]/.exec(output.text);
  if (unfollowed) throw new Error(`bundle-cli: a require() esbuild cannot follow in ${entry}: ${unfollowed[0]}`);
  await writeAscii(outfile, output.text);
}

/**
 * V8 keeps a module's source text in memory while the module lives, and one character beyond ASCII makes
 * all of it a two-byte string: twice the memory. Written as \u escapes, they mean the same in strings,
 * regular expressions and comments; each UTF-16 unit beyond ASCII (surrogate halves included) becomes one.
 */
async function writeAscii(outfile, text) {
  const ascii = text.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  await mkdir(dirname(outfile), { recursive: true });
  await writeFile(outfile, `${ascii}\n`);
}

/** The aside bundle: each package of ASIDE, required when its function is first called. */
async function bundleAside(outfile) {
  const result = await build({
    stdin: {
      contents: `module.exports = {${ASIDE.map((name) => `\n  ${JSON.stringify(name)}: () => require(${JSON.stringify(name)}),`).join('')}\n};\n`,
      resolveDir: fileURLToPath(new URL('..', import.meta.url)),
      sourcefile: 'aside.cjs',
      loader: 'js',
    },
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    minifyWhitespace: true,
    logLevel: 'warning',
    write: false,
  });
  const [output] = result.outputFiles;
  const unfollowed = /\b(?:__)?require\(["']\.|[(,]\s*(?:__)?require\s*[,)]/.exec(output.text);
  if (unfollowed) throw new Error(`bundle-cli: a require() esbuild cannot follow in the aside bundle: ${unfollowed[0]}`);
  await writeAscii(outfile, output.text);
}

await bundleEntry(cli, bundle);
// tsc's unbundled entry and its map: the bundle replaces them.
await Promise.all([cli, `${cli}.map`, cli.replace(/\.js$/, '.d.ts')].map((file) => rm(file, { force: true })));

// The programmatic entry bundled the same way: a test runner loads the package in a fresh module context
// per test file, and the bundle spares each of them resolving and reading ~900 modules. It sits one folder
// below dist/ like the CLI's (the package files it locates from its URL resolve the same); dist/index.js
// becomes an ES module that requires it and names its exports: `export * from` a CommonJS module would
// have Node scan the whole bundle for its export names on every import.
const lib = fileURLToPath(new URL('../dist/index.js', import.meta.url));
const libBundle = fileURLToPath(new URL('../dist/lib/index.cjs', import.meta.url));
await bundleEntry(lib, libBundle);
const names = Object.keys(createRequire(import.meta.url)(libBundle)).filter((name) => name !== '__esModule');
// Each bundle loads through its load-bundle.cjs, with a V8 code cache made now by this Node (see there):
// the CLI's too, as Node 20 has no compile cache of its own.
const loader = await readFile(new URL('./bundle/load-bundle.cjs', import.meta.url), 'utf8');
/** Writes the loader of `file` beside it, naming it and the hash of its text. */
async function writeLoader(file) {
  const id = createHash('sha256')
    .update(await readFile(file))
    .digest('hex')
    .slice(0, 16);
  const text = loader.replace("'__BUNDLE_ID__'", `'${id}'`).replace("'__BUNDLE_FILE__'", `'${basename(file)}'`);
  await writeFile(join(dirname(file), 'load-bundle.cjs'), text);
}
await writeLoader(libBundle);
await writeLoader(bundle);
const asideBundle = fileURLToPath(new URL('../dist/aside/index.cjs', import.meta.url));
await bundleAside(asideBundle);
await writeLoader(asideBundle);
await writeFile(
  lib,
  `import { createRequire } from 'node:module';\nconst lib = createRequire(import.meta.url)('./lib/load-bundle.cjs').loadBundle();\nexport const { ${names.join(', ')} } = lib;\n`,
);
await rm(`${lib}.map`, { force: true });
// The bin, dist/cli/main.cjs: tsc's ES module entry (main.js, kept for `node dist/cli/main.js`) and the early
// parse it starts (src/cli/early-spec.ts) in one CommonJS file. An ES module entry has Node set up its ES
// module loader and resolve each import: ~10 ms of every start's CPU. import.meta.url is the entry's own
// URL, which both locate their files from (load-bundle.cjs beside it, the parse worker in ../document/).
const entry = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));
const entryBundle = entry.replace(/\.js$/, '.cjs');
await build({
  entryPoints: [entry],
  outfile: entryBundle,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  absWorkingDir: packageRoot,
  define: { 'import.meta.url': '__entryUrl' },
  // Strict mode, as its ES modules were: esbuild's own "use strict" comes after the banner, where it is no
  // directive. Only our modules are in this file (nothing of node_modules runs strict that was not).
  banner: { js: `"use strict";\nvar __entryUrl = require('node:url').pathToFileURL(__filename).href;` },
  logLevel: 'warning',
});
if (/\bimport\(/.test(await readFile(entryBundle, 'utf8'))) throw new Error('bundle-cli: the CommonJS entry imports an ES module');
// tsc writes the entry 0644: `npx plantstore-mock` in a clone runs it directly (npm links no bin of the root package).
await chmod(entry, 0o755);
await chmod(entryBundle, 0o755);
// The bundled scenarios' contract check is skipped at run time for what the build checked: the code caches'
// servers below start with the bundled document and scenarios and defaults, so each is checked there (a
// broken one fails the build); their keys are written once both have started (src/scenarios/checked-at-build.ts).
const checkedScenarios = fileURLToPath(new URL('../dist/checked-scenarios.json', import.meta.url));
await rm(checkedScenarios, { force: true });
for (const which of ['lib', 'cli', 'aside']) {
  const made = spawnSync(process.execPath, [fileURLToPath(new URL('./bundle/make-code-cache.cjs', import.meta.url)), dirname(lib), which], {
    stdio: 'inherit',
    env: { ...process.env, NODE_OPTIONS: '' },
    timeout: 120_000,
  });
  if (made.status !== 0) throw new Error(`bundle-cli: making the ${which} code cache failed (${made.status ?? made.signal})`);
}
{
  const { checkedKey } = await import(new URL('../dist/scenarios/checked-at-build.js', import.meta.url).href);
  const documentText = await readFile(new URL('../openapi.yaml', import.meta.url), 'utf8');
  const dir = new URL('../scenarios/', import.meta.url);
  const files = (await readdir(dir)).filter((file) => /\.ya?ml$/i.test(file) && !file.startsWith('.')).sort();
  const defaults = { dynamic: false, serveInvalidExamples: false };
  const keys = await Promise.all(
    files.map(async (file) =>
      checkedKey(documentText, file.replace(/\.ya?ml$/i, ''), await readFile(new URL(file, dir), 'utf8'), defaults),
    ),
  );
  await writeFile(checkedScenarios, `${JSON.stringify({ keys }, null, 1)}\n`);
}
