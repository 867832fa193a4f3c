import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** scripts/bundle-cli.mjs's ASIDE: packages only some options use, in a bundle of their own (dist/aside). */
const ASIDE = ['undici', 'node-forge', 'ioredis', 'pino-pretty', 'node-fetch'];
const dist = (path: string) => fileURLToPath(new URL(`../../dist/${path}`, import.meta.url));
const ASIDE_LOADER = dist('aside/load-bundle.cjs');
const ENTRY = new URL('../../dist/index.js', import.meta.url).href;
const PLANT = `{ method: 'POST', url: '/plants', headers: { authorization: 'Bearer t', 'content-type': 'application/json' }, payload: '{"id":1,"name":"Monstera deliciosa","tag":"tropical"}' }`;

/** A fresh `node` without the test runner's options; prints the dist/aside files it loaded, on exit. */
function node(args: string[]) {
  const loaded = `import { createRequire } from 'node:module';
const { cache } = createRequire('/');
process.on('exit', () => process.stderr.write('ASIDE ' + JSON.stringify(Object.keys(cache).filter((file) => file.includes('/dist/aside/'))) + '\\nTLS ' + process.moduleLoadList.includes('NativeModule tls')));`;
  return spawnSync(process.execPath, ['--import', `data:text/javascript,${encodeURIComponent(loaded)}`, ...args], {
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '' },
    timeout: 60_000,
  });
}
const asideLoaded = (stderr: string) => JSON.parse(/ASIDE (.*)$/m.exec(stderr)?.[1] ?? 'null') as string[] | null;

describe('the aside bundle (dist/aside: packages only some options use)', () => {
  it('holds what the CLI and library bundles leave out, each as the package itself', () => {
    for (const bundle of ['cli/run.cjs', 'lib/index.cjs']) {
      const text = readFileSync(dist(bundle), 'latin1');
      for (const name of ASIDE) expect(text.includes(`"node_modules/${name}/`), `${name} in ${bundle}`).toBe(false);
    }
    const aside = createRequire(import.meta.url)(ASIDE_LOADER).loadBundle() as Record<string, () => object>;
    expect(Object.keys(aside).sort()).toEqual([...ASIDE].sort());
    const fromNodeModules = createRequire(import.meta.url);
    for (const name of ASIDE) expect(Object.keys(aside[name]?.() ?? {}).sort(), name).toEqual(Object.keys(fromNodeModules(name)).sort());
  });

  it('has a code cache made by the build that V8 accepts', () => {
    const run = node([
      '-e',
      `const { compileBundle, cacheFile } = require(${JSON.stringify(ASIDE_LOADER)});
const { script } = compileBundle(require('node:fs').readFileSync(cacheFile()));
process.stdout.write(String(script.cachedDataRejected));`,
    ]);
    expect(run.stdout).toBe('false');
  });

  it('is not loaded by a server answering its first request, from the library or the CLI', async () => {
    const library = node([
      '--input-type=module',
      '-e',
      `const { createMockServer } = await import(${JSON.stringify(ENTRY)});
const server = await createMockServer({ logLevel: 'silent' });
const answer = await server.inject(${PLANT});
await server.close();
process.stdout.write(String(answer.statusCode));`,
    ]);
    expect(library.stdout).toBe('200');
    expect(asideLoaded(library.stderr)).toEqual([]);
    // The CLI's own bundle, run as the bin runs it, until its first answer.
    const cli = node([
      '-e',
      `process.argv = [process.execPath, ${JSON.stringify(dist('cli/main.cjs'))}, '--port', '0', '--log-level', 'silent'];
const write = process.stdout.write.bind(process.stdout);
process.stdout.write = (chunk) => {
  const url = /listening on (\\S+)/.exec(String(chunk))?.[1];
  if (url) fetch(url + '/plants', { method: 'POST', headers: { authorization: 'Bearer t', 'content-type': 'application/json' }, body: '{"id":1,"name":"Monstera deliciosa","tag":"tropical"}' })
    .then((answer) => { write(String(answer.status)); process.exit(0); });
  return true;
};
require(${JSON.stringify(dist('cli/main.cjs'))});`,
    ]);
    expect(cli.stdout).toBe('200');
    expect(asideLoaded(cli.stderr)).toEqual([]);
    // Nor node:tls (node:https, Fastify's and prom-client's, is a stand-in loaded on use: scripts/bundle-cli.mjs);
    // asked of the library's process, which (unlike the CLI's here) makes no request with Node's fetch.
    expect(library.stderr).toContain('TLS false');
  });

  it('is loaded where an option asks for one of its packages (--log-format pretty)', () => {
    const run = node([
      '--input-type=module',
      '-e',
      `const { createMockServer } = await import(${JSON.stringify(ENTRY)});
const lines = [];
const server = await createMockServer({ logFormat: 'pretty', logStream: { write: (line) => { lines.push(String(line)); return true; } } });
const answer = await server.inject(${PLANT});
await server.close();
process.stdout.write(String(answer.statusCode));`,
    ]);
    expect(run.stdout).toBe('200');
    expect(asideLoaded(run.stderr)).toEqual([dist('aside/load-bundle.cjs'), dist('aside/index.cjs')]);
  });
});
