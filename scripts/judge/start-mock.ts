/**
 * The built CLI started as users start it (`--port 0`), for the judges: its address once it says it is
 * listening, or the last words it wrote when it stopped or took too long.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

export interface StartedMock {
  /** `http://127.0.0.1:PORT`, or undefined when it never listened. */
  readonly url: string | undefined;
  /** The last lines it wrote (why it did not start). */
  readonly output: () => string;
  readonly stop: () => Promise<void>;
}

export async function startMock(args: readonly string[], cli = join(root, 'dist/cli/main.js'), timeoutMs = 60_000): Promise<StartedMock> {
  const mock = spawn(process.execPath, [cli, ...args, '--port', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  mock.stderr.on('data', collect);
  const exited = new Promise<void>((resolve) => mock.once('exit', () => resolve()));
  const url = await new Promise<string | undefined>((resolve) => {
    const timer = setTimeout(() => resolve(undefined), timeoutMs);
    void exited.then(() => resolve(undefined));
    mock.stdout.on('data', (chunk: Buffer) => {
      collect(chunk);
      const found = /listening on (\S+)/.exec(output)?.[1];
      if (found !== undefined) {
        clearTimeout(timer);
        resolve(found);
      }
    });
  });
  return {
    url,
    output: () => output.trim().split('\n').slice(-2).join(' / ').slice(0, 300),
    stop: async () => {
      if (mock.exitCode === null && mock.signalCode === null) mock.kill('SIGTERM');
      await exited;
    },
  };
}
