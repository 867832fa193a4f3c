// Run by scripts/release-dry-run.sh inside an empty project that installed the packed tarball (npm pack):
// what a user gets from the registry, used as a user would (node's own test runner, no dev dependencies).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import { createMockServer } from 'plantstore-mock';

const require = createRequire(import.meta.url);
const { version } = require('plantstore-mock/package.json');
const plant = { id: 1, name: 'Monstera deliciosa', tag: 'tropical' };
const post = (url) =>
  fetch(`${url}/plants`, {
    method: 'POST',
    headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
    body: JSON.stringify(plant),
  });

test('the library serves the bundled contract', async () => {
  const mock = await createMockServer({ logLevel: 'silent' });
  try {
    const response = await post(await mock.listen());
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { name: 'Monstera deliciosa', tag: 'tropical' });
  } finally {
    await mock.close();
  }
});

test('the CLI prints the package version and serves on the port it picks', async () => {
  const bin = require.resolve('plantstore-mock/package.json').replace(/package\.json$/, 'dist/cli/main.cjs');
  const child = spawn(process.execPath, [bin, '--port', '0', '--log-level', 'warn'], { stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    const url = await new Promise((resolve, reject) => {
      let out = '';
      child.stderr.on('data', (chunk) => {
        out += chunk;
      });
      const timer = setTimeout(() => reject(new Error(`no "listening on" within 30 s: ${out}`)), 30_000);
      child.stdout.on('data', (chunk) => {
        out += chunk;
        const found = /listening on (http:\/\/\S+)/.exec(out);
        if (found) {
          clearTimeout(timer);
          resolve(found[1]);
        }
      });
      child.on('exit', (code) => reject(new Error(`the CLI exited with ${code}: ${out}`)));
    });
    assert.equal((await post(url)).status, 200);
    const health = await (await fetch(`${url}/__mock/health`)).json();
    assert.equal(health.status, 'ok');
  } finally {
    child.kill('SIGTERM');
  }
  const printed = await new Promise((resolve) => {
    const run = spawn(process.execPath, [bin, '--version'], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    run.stdout.on('data', (chunk) => {
      out += chunk;
    });
    run.on('exit', () => resolve(out.trim()));
  });
  assert.equal(printed, version);
});
