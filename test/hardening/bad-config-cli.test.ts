import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';

const fixture = (name: string) => fileURLToPath(new URL(`fixtures/${name}`, import.meta.url));

/** One line on stderr, exit status 2, no stack trace. */
function expectOneLineError(result: { code: number | null; stdout: string; stderr: string }, mentions: string | RegExp) {
  expect(result.code).toBe(2);
  expect(result.stdout).toBe('');
  const lines = result.stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^plantstore-mock: /);
  expect(lines[0]).toMatch(mentions);
  expect(result.stderr).not.toMatch(/\n\s+at /);
}

describe('bad configuration through the real CLI', () => {
  it('names a spec that is not valid YAML, with the line', async () => {
    expectOneLineError(await runCli(['--spec', fixture('invalid.yaml')]), /invalid\.yaml is not valid YAML or JSON: .*line 3/);
  });

  it('names a spec with duplicate keys', async () => {
    expectOneLineError(await runCli(['--spec', fixture('duplicate-keys.yaml')]), /duplicate-keys\.yaml .*Map keys must be unique/);
  });

  it('names a spec with an unresolvable reference and the reference', async () => {
    expectOneLineError(
      await runCli(['--spec', fixture('unresolvable-ref.yaml')]),
      /unresolvable-ref\.yaml cannot be loaded: .*#\/components\/schemas\/Missing/,
    );
  });

  it('names a spec that does not exist', async () => {
    expectOneLineError(await runCli(['--spec', fixture('nope.yaml')]), /cannot read spec .*nope\.yaml: no such file/);
  });

  // The CLI bundle checks scenario files with the schema compiled at build time (scripts/bundle-cli.mjs).
  it.each([
    ['    nonsense: 1\n    respond: { status: 200 }', '/rules/0 must NOT have additional properties "nonsense"'],
    ['    respond: { error: { code: lowercase } }', '/rules/0/respond/error/code must match pattern "^[A-Z][A-Z0-9_]*$"'],
  ])('names a scenario file that does not fit the format, and where: %s', async (rule, message) => {
    const dir = mkdtempSync(join(tmpdir(), 'bad-scenario-'));
    try {
      mkdirSync(join(dir, 'scenarios'));
      const file = join(dir, 'scenarios', 'bad.yaml');
      writeFileSync(file, `description: x\nrules:\n  - operation: createPlant\n${rule}\n`);
      const result = await runCli(['--port', '0', '--scenarios', join(dir, 'scenarios')]);
      expectOneLineError(result, `scenario file ${file}: does not fit scenario-file.schema.json: ${message}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names an unknown flag', async () => {
    expectOneLineError(await runCli(['--max-header-sizes', '1']), /Unknown arguments?: max-header-sizes/);
  });

  it.each([
    [['--port', 'abc'], /--port must be a number/],
    [['--max-header-count', '0'], /--max-header-count must be an integer from 1/],
    [['--max-header-size', 'huge'], /--max-header-size must be a size/],
    [['--request-timeout', '100', '--headers-timeout', '5000'], /--headers-timeout \(5000\) must not exceed --request-timeout \(100\)/],
    [['--keep-alive-timeout', '-5'], /--keep-alive-timeout must be an integer/],
    [['--max-connections', '1.5'], /--max-connections must be an integer/],
  ])('names a bad flag value: %s', async (args, message) => {
    expectOneLineError(await runCli(args.includes('--port') ? args : ['--port', '0', ...args]), message);
  });

  it('names a port in use', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const address = blocker.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      expectOneLineError(await runCli(['--port', String(port)]), new RegExp(`port ${port} on 127\\.0\\.0\\.1 is already in use`));
    } finally {
      blocker.close();
    }
  });

  it('reads bad values from PLANTSTORE_MOCK_* too', async () => {
    const { spawn } = await import('node:child_process');
    const { CLI } = await import('../support/cli.js');
    const child = spawn(process.execPath, [CLI, '--port', '0'], { env: { ...process.env, PLANTSTORE_MOCK_MAX_URL_LENGTH: '3' } });
    let stderr = '';
    child.stderr.on('data', (data) => {
      stderr += data;
    });
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code).toBe(2);
    expect(stderr).toMatch(/--max-url-length must be an integer from 16/);
  });
});
