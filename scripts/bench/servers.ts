import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const spec = `${root}openapi.yaml`;

export type ServerName = 'mock' | 'prism' | 'ceiling' | 'steady';

/**
 * Steady's CLI (npm `@stdy/cli`, installed outside the repository: the bench fetches nothing), given with
 * `--steady PATH` (its `bin/steady` or node_modules/.bin/steady); none leaves Steady out.
 */
let steadyBin: string | undefined;
export function useSteady(path: string | undefined): void {
  steadyBin = path;
}

/** How the mock is launched: the package root whose dist/cli/main.cjs runs (a variant's copy, for side-by-side builds), extra environment. */
export interface Launch {
  readonly packageRoot?: string;
  readonly env?: Readonly<Record<string, string>>;
}

/** How each contender is started: each one a child process on 127.0.0.1, with its default logging. */
export function commandFor(name: ServerName, port: number | '{port}', launch: Launch = {}): { command: string; args: string[] } {
  switch (name) {
    case 'mock':
      return { command: process.execPath, args: [join(launch.packageRoot ?? root, 'dist/cli/main.cjs'), '--port', String(port)] };
    case 'prism':
      return {
        command: process.execPath,
        args: [`${root}node_modules/@stoplight/prism-cli/dist/index.js`, 'mock', spec, '-p', String(port), '-h', '127.0.0.1'],
      };
    case 'ceiling':
      return { command: process.execPath, args: ['--import', 'tsx', `${root}scripts/bench/ceiling-server.ts`, String(port)] };
    case 'steady':
      // As a generated SDK's scripts/mock runs it, with its default logging (a line per request).
      if (steadyBin === undefined) throw new Error('Steady was not given (--steady PATH)');
      return { command: steadyBin, args: ['--host', '127.0.0.1', '-p', String(port), spec] };
  }
}

export const VALID_BODY = JSON.stringify({ id: 1, name: 'Monstera deliciosa', tag: 'tropical' });

/** A contender of the main bench, up: `startupMs` is spawn to its first successful POST /plants. */
export interface RunningServer extends SpawnedServer {
  readonly name: ServerName;
}

/** A port the kernel just handed out and released, for servers that cannot be told `--port 0`. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** A server a bench spawned: where it listens, its process, and how to stop it. */
export interface SpawnedServer {
  readonly url: string;
  readonly child: ChildProcess;
  /** Milliseconds from spawn to the first time `ready` held. */
  readonly startupMs: number;
  stop(): Promise<void>;
}

export interface SpawnOptions {
  /** What to run (default: this Node), from the package root. */
  readonly command?: string;
  /** Its arguments; `{port}` stands for the free port it is given. */
  readonly args: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
  /** Polled until it holds (default: any HTTP answer at the root). */
  readonly ready?: (url: string) => Promise<boolean>;
  readonly timeoutMs?: number;
  /** For errors: what was started. */
  readonly label?: string;
}

/**
 * Spawns a server on a free port of 127.0.0.1 and polls `ready` until it holds. The child's standard
 * output (one log line per request, by default) goes down a real pipe to a separate sink process that
 * discards it: read by this process, it would compete with the load generator's event loop and back
 * the pipe up. Its standard error is kept (the start) for the error when it exits or never gets ready.
 */
export async function spawnServer(options: SpawnOptions): Promise<SpawnedServer> {
  const { command = process.execPath, ready = answersAtAll, timeoutMs = 120_000 } = options;
  const label = options.label ?? options.args.join(' ');
  const port = await freePort();
  const sink = spawn('cat', [], { stdio: ['pipe', 'ignore', 'ignore'] });
  const startedAt = performance.now();
  const child = spawn(
    command,
    options.args.map((arg) => arg.replace('{port}', String(port))),
    { cwd: root, stdio: ['ignore', sink.stdin ?? 'ignore', 'pipe'], env: { ...process.env, NODE_ENV: 'production', ...options.env } },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    if (stderr.length < 4000) stderr += chunk.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = stopper(child, sink);
  while (performance.now() - startedAt < timeoutMs) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`${label} exited with ${child.exitCode}: ${stderr.trim()}`);
    }
    if (await ready(url)) return { url, child, startupMs: performance.now() - startedAt, stop };
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await stop();
  throw new Error(`${label} was not ready within ${timeoutMs} ms: ${stderr.trim()}`);
}

async function answersAtAll(url: string): Promise<boolean> {
  try {
    await (await fetch(url, { signal: AbortSignal.timeout(2000) })).arrayBuffer();
    return true;
  } catch {
    return false;
  }
}

/** Spawns one of the contenders of the main bench; ready when POST /plants answers 200. */
export async function startServer(name: ServerName, timeoutMs = 120_000, launch: Launch = {}): Promise<RunningServer> {
  const { command, args } = commandFor(name, '{port}', launch);
  const server = await spawnServer({
    command,
    args,
    env: launch.env ?? {},
    ready: servesPlants,
    timeoutMs,
    label: name,
  });
  return { name, ...server };
}

/** Stops a spawned server (SIGTERM, SIGKILL after 5 s) and then the sink its output went to. */
export function stopper(child: ChildProcess, sink: ChildProcess): () => Promise<void> {
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
    sink.stdin?.destroy();
    sink.kill('SIGTERM');
  };
}

export async function servesPlants(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/plants`, {
      method: 'POST',
      headers: { authorization: 'Bearer bench', 'content-type': 'application/json' },
      body: VALID_BODY,
      signal: AbortSignal.timeout(2000),
    });
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
}

/**
 * The process and all its descendants, from /proc (Linux). Prism's CLI forks the process that serves
 * (cluster), so the figures of the spawned process alone would leave out the work.
 */
export function processTree(pid: number): number[] {
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) {
    try {
      for (const task of readdirSync(`/proc/${tree[i]}/task`)) {
        const children = readFileSync(`/proc/${tree[i]}/task/${task}/children`, 'utf8').trim();
        if (children) tree.push(...children.split(' ').map(Number));
      }
    } catch {
      // Gone since it was listed: nothing of it to add.
    }
  }
  return tree;
}

/** Resident set size in MB of a process and its descendants, from /proc (Linux). */
export function rssMb(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  let kb = 0;
  for (const member of processTree(pid)) {
    try {
      const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${member}/status`, 'utf8'));
      if (match) kb += Number(match[1]);
    } catch {
      if (member === pid) return Number.NaN;
    }
  }
  return kb / 1024;
}

/** Clock ticks per second of /proc's CPU times (USER_HZ; 100 on Linux almost everywhere). */
const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * CPU seconds (user + system) a process and its descendants have used so far, those it waited for
 * included, from /proc (Linux); NaN where the process itself cannot be read.
 */
export function cpuSeconds(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  let ticks = 0;
  for (const member of processTree(pid)) {
    try {
      const stat = readFileSync(`/proc/${member}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces and parentheses): state is field 3,
      // utime 14, stime 15, cutime 16, cstime 17.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    } catch {
      if (member === pid) return Number.NaN;
    }
  }
  return ticks / TICKS_PER_SECOND;
}

/** Runs `load` and measures the server's CPU over it (its process tree): microseconds of user + system time per request answered. */
export async function withCpu<T extends { requests: number }>(
  pid: number | undefined,
  load: () => Promise<T>,
): Promise<T & { cpuUsPerRequest: number }> {
  const before = cpuSeconds(pid);
  const result = await load();
  const used = cpuSeconds(pid) - before;
  return { ...result, cpuUsPerRequest: result.requests > 0 ? (used * 1e6) / result.requests : Number.NaN };
}
