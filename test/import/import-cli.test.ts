import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer } from '../../src/index.js';
import { runCli } from '../support/cli.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'import-cli-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function file(name: string, text: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, text);
  return path;
}

// Runs the import recipe of docs/import-export.md: a HAR the mock exported, imported by the built CLI.
describe('plantstore-mock import', () => {
  it('imports a HAR the mock exported and says what it wrote and what it left out', async () => {
    const mock = await createMockServer();
    await mock.inject({
      method: 'POST',
      url: '/plants',
      headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
      payload: '{"id":1,"name":"Ficus"}',
    });
    await mock.inject({ method: 'GET', url: '/elsewhere' });
    const har = await file('exported.har', (await mock.inject('/__mock/journal?format=har')).body);
    await mock.close();
    const run = await runCli(['import', har, '--out', join(dir, 'out')], 30_000);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`read 2 exchanges from ${har} (HAR)`);
    expect(run.stdout).toContain(`wrote ${join(dir, 'out', 'import-exported.yaml')}: 1 exchanges`);
    expect(run.stdout).toContain('1 match no operation:\n  GET /elsewhere (entry 2): no operation of the document has this path');
    expect(await readdir(join(dir, 'out'))).toEqual(['import-exported.yaml']);
  }, 40_000);

  it.each([
    ['not JSON', 'a.har', '{"log": ', /a\.har is not valid JSON \(/],
    ['JSON that is no object', 'b.har', '[1]', /b\.har is neither a HAR log nor a Postman collection: its JSON is no object/],
    ['neither format', 'c.json', '{"openapi":"3.1.0"}', /c\.json is neither a HAR log \(no "log"\) nor a Postman collection/],
    [
      'a HAR its schema refuses',
      'd.har',
      '{"log":{"version":"1.2","entries":[]}}',
      /d\.har is not a HAR 1\.2 log: \/log must have required property 'creator'/,
    ],
    [
      'a Postman collection of another version',
      'e.json',
      '{"info":{"name":"x","schema":"https://schema.getpostman.com/json/collection/v1.0.0/collection.json"},"item":[]}',
      /e\.json is not a Postman Collection v2\.0 or v2\.1: its info\.schema is "https:/,
    ],
  ])('refuses %s with one line and exit 2', async (_what, name, text, message) => {
    const run = await runCli(['import', await file(name, text), '--out', join(dir, 'never')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).not.toMatch(/\n\s+at |node_modules/);
  });

  it('refuses a file over --max-size, a missing file and a missing --out, each in one line', async () => {
    const big = await file('big.har', `{"log":{"version":"1.2","pad":"${'x'.repeat(2000)}"}}`);
    const tooBig = await runCli(['import', big, '--out', join(dir, 'never'), '--max-size', '1kb']);
    expect(tooBig.code).toBe(2);
    expect(tooBig.stderr).toMatch(/big\.har is too large: \d+ bytes, at most 1024 are read \(--max-size\)\n$/);
    const missing = await runCli(['import', join(dir, 'absent.har'), '--out', join(dir, 'never')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/cannot read .*absent\.har: ENOENT\n$/);
    const noOut = await runCli(['import', big]);
    expect(noOut.code).toBe(2);
    expect(noOut.stderr).toMatch(/--out DIR is required/);
  });
});
