'use strict';
/**
 * Run by scripts/bundle-cli.mjs in a fresh `node` without flags (V8 accepts a cache only under the flags
 * it was made with), once per bundle, and writes V8's code cache of the bundle as it is after a first
 * answer: the bundle's top-level code and every function compiled so far.
 * - `lib`: loads dist/lib/index.cjs through dist/lib/load-bundle.cjs, creates a server with the defaults,
 *   answers one valid request through inject(), closes.
 * - `cli`: runs dist/cli/run.cjs through dist/cli/load-bundle.cjs as `plantstore-mock --port 0`, answers
 *   one valid request and one health check over HTTP, and exits (the CLI would wait for a signal).
 * - `aside`: runs dist/aside/index.cjs through dist/aside/load-bundle.cjs and requires each package in it
 *   (their top-level code run: what any use of one runs first).
 */
const { readdirSync, rmSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const [, , dist, which = 'lib'] = process.argv;
const dir = join(dist, which);
const { compileBundle, cacheFile } = require(join(dir, 'load-bundle.cjs'));
const PLANT = {
  method: 'POST',
  headers: { authorization: 'Bearer build', 'content-type': 'application/json' },
  body: JSON.stringify({ id: 1, name: 'Monstera deliciosa', tag: 'tropical' }),
};

function forgetOldCaches() {
  for (const old of readdirSync(dir).filter((name) => name.endsWith('.v8cache'))) rmSync(join(dir, old));
}

async function library() {
  const { script, exports } = compileBundle(undefined);
  const server = await exports.createMockServer({ logLevel: 'silent' });
  const answer = await server.inject({ ...PLANT, url: '/plants', payload: PLANT.body });
  await server.close();
  if (answer.statusCode !== 200) throw new Error(`make-code-cache: the bundle answered ${answer.statusCode}: ${answer.body}`);
  return script;
}

async function cli() {
  process.argv = [process.execPath, join(dir, 'run.cjs'), '--port', '0', '--log-level', 'silent'];
  const write = process.stdout.write.bind(process.stdout);
  const listening = new Promise((resolve) => {
    process.stdout.write = (chunk, ...rest) => {
      const url = /listening on (\S+)/.exec(String(chunk))?.[1];
      if (url) resolve(url);
      else write(chunk, ...rest);
      return true;
    };
  });
  const { script } = compileBundle(undefined);
  const url = await listening;
  const answer = await fetch(`${url}/plants`, PLANT);
  const health = await fetch(`${url}/_x-steady/health`);
  if (answer.status !== 200 || health.status !== 200)
    throw new Error(`make-code-cache: the CLI answered ${answer.status}, ${health.status}`);
  return script;
}

function aside() {
  const { script, exports } = compileBundle(undefined);
  for (const load of Object.values(exports)) load();
  return script;
}

async function main() {
  forgetOldCaches();
  const script = await (which === 'cli' ? cli() : which === 'aside' ? aside() : library());
  writeFileSync(cacheFile(), script.createCachedData());
  // The CLI's server waits for a signal: the cache is written, nothing else is owed.
  process.exit(0);
}

main().catch((error) => {
  process.stderr.write(`${error.stack}\n`);
  process.exit(1);
});
