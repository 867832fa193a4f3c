import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const CLI = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
let child: ChildProcess | undefined;
afterEach(() => {
  child?.kill('SIGTERM');
  child = undefined;
});

/** Starts the built CLI and resolves to the URL it prints. */
function start(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    child = spawn(process.execPath, [CLI, '--port', '0', '--log-level', 'silent', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const timer = setTimeout(() => reject(new Error(`no listening line after 30 s: ${out}`)), 30_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code}: ${out}`)));
  });
}

describe('CLI journal flags', () => {
  it('serves the journal behind --admin-token with the size from --journal-size', async () => {
    const url = await start(['--admin-token', 'cli-admin', '--journal-size', '2']);
    for (let id = 1; id <= 3; id++) {
      await fetch(`${url}/plants`, {
        method: 'POST',
        headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
        body: JSON.stringify({ id, name: 'p' }),
      });
    }
    expect((await fetch(`${url}/__mock/journal`)).status).toBe(401);
    const journal = await (await fetch(`${url}/__mock/journal`, { headers: { authorization: 'Bearer cli-admin' } })).json();
    expect(journal).toMatchObject({ size: 2, capacity: 2 });
    expect((await fetch(`${url}/__mock/health`)).status).toBe(200);
  }, 45_000);
});
