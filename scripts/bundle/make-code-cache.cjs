'use strict';
/**
 * Run by scripts/bundle-cli.mjs in a fresh `node` without flags (V8 accepts a cache only under the flags
 * it was made with): loads dist/lib/index.cjs through dist/lib/load-bundle.cjs, creates a server with the
 * defaults, answers one valid request through inject(), closes, and writes V8's code cache of the bundle
 * as it is then: the bundle's top-level code and every function compiled so far.
 */
const { readdirSync, rmSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const lib = join(process.argv[2], 'lib');
const { compileBundle, cacheFile } = require(join(lib, 'load-bundle.cjs'));

async function main() {
  for (const old of readdirSync(lib).filter((name) => name.endsWith('.v8cache'))) rmSync(join(lib, old));
  const { script, exports } = compileBundle(undefined);
  const server = await exports.createMockServer({ logLevel: 'silent' });
  const answer = await server.inject({
    method: 'POST',
    url: '/plants',
    headers: { authorization: 'Bearer build', 'content-type': 'application/json' },
    payload: JSON.stringify({ id: 1, name: 'Monstera deliciosa', tag: 'tropical' }),
  });
  await server.close();
  if (answer.statusCode !== 200) throw new Error(`make-code-cache: the bundle answered ${answer.statusCode}: ${answer.body}`);
  writeFileSync(cacheFile(), script.createCachedData());
}

main().catch((error) => {
  process.stderr.write(`${error.stack}\n`);
  process.exitCode = 1;
});
