import { type ChildProcess, spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';

const CLI = new URL('../../dist/cli/main.cjs', import.meta.url).pathname;

function start(args: string[]): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [CLI, '--port', '0', '--log-level', 'silent', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`no start-up line: ${output}`)), 30_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({ child, url: match[1] });
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited ${code}: ${output}`));
    });
  });
}

describe('CLI --scenario', () => {
  let child: ChildProcess | undefined;
  afterEach(() => {
    child?.kill('SIGTERM');
    child = undefined;
  });

  it('serves the named scenario to every request', async () => {
    const started = await start(['--scenario', 'unauthorized']);
    child = started.child;
    const response = await fetch(`${started.url}/plants`, {
      method: 'POST',
      headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
      body: '{"id":1,"name":"Aloe"}',
      signal: AbortSignal.timeout(10_000),
    });
    expect(response.status).toBe(401);
  });

  it('exits 2 naming the available scenarios for an unknown one', async () => {
    await expect(start(['--scenario', 'nope'])).rejects.toThrow(
      /exited 2: plantstore-mock: --scenario: no scenario "nope"; available: duplicate-id/,
    );
  });
});
