/** Spawns the built CLI (dist/cli/main.cjs, the package's bin), as a consumer's CI would run it. */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const CLI = fileURLToPath(new URL('../../dist/cli/main.cjs', import.meta.url));

export interface RunningCli {
  readonly child: ChildProcess;
  readonly url: string;
  readonly output: () => { stdout: string; stderr: string };
  /** Resolves to the exit code (or signal name) and how long after the call it came. */
  readonly exited: () => Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts the CLI and resolves once it prints its URL; rejects if it exits first or takes over 30 s (busy CI machines). */
export function startCli(args: readonly string[]): Promise<RunningCli> {
  const child = spawn(process.execPath, [CLI, '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  child.stderr?.on('data', (data) => {
    stderr += data;
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the CLI did not start in 30 s: ${stderr}`));
    }, 30_000);
    child.stdout?.on('data', (data) => {
      stdout += data;
      const url = /listening on (http:\/\/\S+)/.exec(stdout)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve({ child, url, output: () => ({ stdout, stderr }), exited: () => exit });
      }
    });
    exit.then(({ code }) => {
      clearTimeout(timer);
      reject(new Error(`the CLI exited with ${code} before listening: ${stderr}`));
    });
  });
}

/** Runs the CLI to completion (for arguments that make it fail at start-up). */
export function runCli(args: readonly string[], timeoutMs = 15_000): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (data) => {
    stdout += data;
  });
  child.stderr.on('data', (data) => {
    stderr += data;
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  return new Promise((resolve) =>
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    }),
  );
}
