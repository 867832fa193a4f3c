/**
 * One document of the load sweep (load-sweep.ts): the built CLI started on it as users start it
 * (`--spec FILE --port 0`), in its own process, so that a document that hangs or exhausts the loader
 * cannot touch the others and its memory goes with it. The outcome is data, never an exception.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

export type LoadOutcome =
  /** Listening, and it answered a request: ms from spawn to the listening line. */
  | { readonly kind: 'loaded'; readonly ms: number }
  /** Exit 2 with the mock's one line; `slow` when the line is the start-up bound's. */
  | { readonly kind: 'refused' | 'slow'; readonly ms: number; readonly line: string }
  /** Neither listening nor exited within the bound and its margin: a hang, ended from outside. */
  | { readonly kind: 'timed out'; readonly ms: number; readonly line: string }
  /** Any other exit, or listening without answering: a bug. */
  | { readonly kind: 'crashed'; readonly ms: number; readonly line: string };

/** The last lines of a process's stderr, on one line. */
function lastLines(text: string, count = 3): string {
  return text.trim().split('\n').slice(-count).join(' / ').slice(0, 400);
}

async function answers(url: string, boundMs: number): Promise<boolean> {
  try {
    await fetch(`${url}/__mock/health`, { signal: AbortSignal.timeout(boundMs) }).then((r) => r.arrayBuffer());
    return true;
  } catch {
    return false;
  }
}

/** Starts the mock on `file` with a start-up bound of `boundMs`, waits for its outcome, then stops it. */
export async function loadOne(file: string, boundMs: number): Promise<LoadOutcome> {
  const startedAt = performance.now();
  const elapsed = () => Math.round(performance.now() - startedAt);
  const args = ['--spec', file, '--port', '0', '--host', '127.0.0.1', '--log-level', 'warn', '--startup-timeout', String(boundMs)];
  const child = spawn(process.execPath, [join(root, 'dist/cli/main.js'), ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-8000);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const listening = new Promise<{ url: string; ms: number }>((resolve) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout = (stdout + chunk.toString()).slice(-4000);
      const url = /listening on (\S+)/.exec(stdout)?.[1];
      if (url !== undefined) resolve({ url, ms: elapsed() });
    });
  });
  // A margin past the mock's own bound, so that its line (not this script's) says why when it can.
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<'hang'>((resolve) => {
    timer = setTimeout(() => resolve('hang'), boundMs + 10_000);
  });
  try {
    const first = await Promise.race([listening, exited.then((code) => ({ code })), hang]);
    if (first === 'hang') return { kind: 'timed out', ms: elapsed(), line: lastLines(stderr) || '(nothing on stderr)' };
    if ('code' in first) {
      const line = lastLines(stderr, first.code === 2 ? 1 : 3);
      if (first.code !== 2 || /unexpected failure/.test(line))
        return { kind: 'crashed', ms: elapsed(), line: `exit ${first.code}: ${line}` };
      return { kind: /start-up took longer/.test(line) ? 'slow' : 'refused', ms: elapsed(), line: line.replace(/^plantstore-mock: /, '') };
    }
    if (!(await answers(first.url, 10_000)))
      return { kind: 'crashed', ms: first.ms, line: `listening but no answer: ${lastLines(stderr)}` };
    return { kind: 'loaded', ms: first.ms };
  } finally {
    clearTimeout(timer);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
  }
}
