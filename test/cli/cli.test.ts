import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';

const CLI = fileURLToPath(new URL('../../dist/cli/main.cjs', import.meta.url));
/** Generous: a loaded machine can take many seconds to start a Node process; an idle one takes ~1 s. */
const START_TIMEOUT = 60_000;
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

/** Spawns the built CLI on a free port and resolves with its base URL once it listens. */
function start(args: string[] = [], env: Record<string, string> = {}): Promise<{ url: string; child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, [CLI, '--port', '0', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`CLI did not start: ${output}`)), START_TIMEOUT);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve({ url, child, output: () => output });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`CLI exited with ${code}: ${output}`)));
  });
}

function run(args: string[], env: Record<string, string> = {}) {
  return spawnSync(process.execPath, [CLI, ...args], { env: { ...process.env, ...env }, encoding: 'utf8', timeout: START_TIMEOUT });
}

const plant = (url: string, headers: Record<string, string> = { authorization: 'Bearer t' }) =>
  fetch(`${url}/plants`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: '{"id": 9223372036854775807, "name": "Aloe vera"}',
  });

describe('the plantstore-mock CLI', { timeout: 2 * START_TIMEOUT }, () => {
  it('serves the bundled spec over HTTP and logs one line per request', async () => {
    const { url, output } = await start();
    expect(output()).toContain(`; ready, health at ${url}/__mock/health`);
    expect((await fetch(`${url}/_x-steady/health`)).status).toBe(200);
    const response = await plant(url);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ name: 'Aloe vera' });
    await expect.poll(output).toContain('POST /plants 200');
  });

  it('takes options from environment variables', async () => {
    const { url } = await start([], { PLANTSTORE_MOCK_TOKEN: 'one,two', PLANTSTORE_MOCK_LOG_LEVEL: 'silent' });
    expect((await plant(url, { authorization: 'Bearer two' })).status).toBe(200);
    expect((await plant(url, { authorization: 'Bearer three' })).status).toBe(401);
  });

  it('takes repeated --token flags and mocks a --spec', async () => {
    const spec = fileURLToPath(new URL('../fixtures/pets.yaml', import.meta.url));
    const { url } = await start(['--spec', spec, '--log-level', 'silent']);
    expect((await fetch(`${url}/pets`, { headers: { 'x-api-key': 'k' } })).status).toBe(200);
  });

  it('stops cleanly on SIGTERM', async () => {
    const { child } = await start(['--log-level', 'silent']);
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('prints help', () => {
    const result = run(['--help']);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('--spec');
    expect(result.stdout).toContain('PLANTSTORE_MOCK_PORT');
  });

  it('runs its own code in strict mode, as the ES modules it is built from', () => {
    // Compiled, not run: a `with` statement is a syntax error only in strict code.
    const text = readFileSync(CLI, 'utf8');
    expect(() => new Script(`${text}\nwith ({}) {}`)).toThrow(/strict mode/i);
  });

  // esbuild opens the bundles with "use strict" (their entries are ES modules); the banner came before it.
  it.each(['cli/run.cjs', 'lib/index.cjs'])('runs the bundle %s in strict mode, as esbuild writes it', (bundle) => {
    const text = readFileSync(new URL(`../../dist/${bundle}`, import.meta.url), 'latin1');
    expect(() => new Script(`${text}\nwith ({}) {}`)).toThrow(/strict mode/i);
  });

  it('prints its own version, whatever the working directory', () => {
    const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    const result = spawnSync(process.execPath, [CLI, '--version'], { cwd: tmpdir(), encoding: 'utf8', timeout: START_TIMEOUT });
    expect(result.status).toBe(0);
    expect(result.stdout.trim()).toBe(version);
  });

  it.each([
    [['--nope'], /Unknown argument: nope/],
    [['--port', 'abc'], /--port must be a number/],
    [['--port', '70000'], /--port must be an integer from 0 to 65535/],
    [['--log-level', 'loud'], /Invalid values/],
    [['--body-limit', 'huge'], /--body-limit must be a size/],
    [['--token', 'tab\tend\u0001'], /--token must be a list of bearer tokens/],
    [['--token', 'has space', '--strict-auth'], /--token must hold RFC 6750 tokens .* with --strict-auth/],
    [['--spec', '/nonexistent/spec.yaml'], /cannot read spec \/nonexistent\/spec.yaml: no such file/],
    [['--spec', fileURLToPath(new URL('../fixtures/not-openapi.yaml', import.meta.url))], /is not an OpenAPI document/],
    [['--spec', fileURLToPath(new URL('../fixtures/broken.yaml', import.meta.url))], /is not valid YAML or JSON/],
  ])('rejects %j with one clear line and exit code 2', (args, message) => {
    const result = run(args as string[]);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('says so in one line when the port is taken', async () => {
    const { url } = await start(['--log-level', 'silent']);
    const port = new URL(url).port;
    const result = run(['--port', port]);
    expect(result.status).toBe(2);
    expect(result.stderr.trim()).toBe(`plantstore-mock: port ${port} on 127.0.0.1 is already in use; choose another with --port`);
  });
});
