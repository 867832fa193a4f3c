/**
 * Real parts for the scale-out tests: a Valkey or Redis server and an HAProxy load balancer, started on
 * free ports and stopped after. Without the program the tests skip, unless CI=true: there they fail,
 * since .ci/run installs both.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The first of these programs found on PATH (or in /usr/sbin, where Debian puts haproxy), or undefined. */
export function findProgram(...names: readonly string[]): string | undefined {
  for (const name of names) {
    for (const dir of [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/usr/bin']) {
      try {
        execFileSync('test', ['-x', join(dir, name)]);
        return join(dir, name);
      } catch {}
    }
  }
  return undefined;
}

/** Whether tests needing `program` run: present, or CI (where its absence must fail the run, not skip it). */
export function canRun(program: string | undefined): boolean {
  return program !== undefined || process.env.CI === 'true';
}

export const STORE_SERVER = findProgram('valkey-server', 'redis-server');
export const HAPROXY = findProgram('haproxy');

/** A free TCP port on 127.0.0.1 (released before use: a program that takes it may race another, rarely). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface StoreServer {
  readonly url: string;
  readonly port: number;
  /** The server's process while it runs (for CPU figures). */
  readonly pid: number | undefined;
  /** Stops it (SIGKILL: a crash, nothing saved) and resolves once it is gone. */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty. */
  start(): Promise<void>;
  /** Runs a command through the server's own CLI client (redis-cli/valkey-cli), e.g. INFO memory. */
  command(...args: string[]): string;
}

/** Starts Valkey or Redis on a free port, without persistence. */
export async function startStoreServer(): Promise<StoreServer> {
  if (STORE_SERVER === undefined) throw new Error('neither valkey-server nor redis-server is installed (.ci/run installs redis-server)');
  const port = await freePort();
  let child: ChildProcess | undefined;
  const client = findProgram('valkey-cli', 'redis-cli') ?? 'redis-cli';
  const start = async () => {
    child = spawn(STORE_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    await waitFor(() => {
      try {
        return execFileSync(client, ['-p', String(port), 'ping'], { encoding: 'utf8' }).trim() === 'PONG';
      } catch {
        return false;
      }
    }, `the store on port ${port}`);
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    get pid() {
      return child?.pid;
    },
    start,
    async stop() {
      const running = child;
      if (!running || running.exitCode !== null) return;
      const gone = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      await gone;
    },
    command: (...args) => execFileSync(client, ['-p', String(port), ...args], { encoding: 'utf8' }),
  };
}

export interface Balancer {
  readonly url: string;
  readonly pid: number | undefined;
  stop(): Promise<void>;
}

/**
 * HAProxy round-robin over the backends (`127.0.0.1:PORT`), with health checks on /__mock/health/ready
 * and retries of requests a replica never answered. `plain`: neither (the fleet harness: a check timing
 * out on a loaded machine must not take a replica out, nor a scenario's `empty` fault be sent again).
 */
export async function startBalancer(backends: readonly string[], { plain = false } = {}): Promise<Balancer> {
  if (HAPROXY === undefined) throw new Error('haproxy is not installed (.ci/run installs it)');
  // Replicas answer 503 on readiness while they prepare: checked before then, all would be taken out.
  for (const backend of backends)
    await waitFor(
      () =>
        fetch(`http://${backend}/__mock/health/ready`).then(
          (r) => r.ok,
          () => false,
        ),
      `${backend} ready`,
    );
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'plantstore-haproxy-'));
  const config = join(dir, 'haproxy.cfg');
  writeFileSync(
    config,
    [
      'defaults',
      '  mode http',
      '  timeout connect 2s',
      '  timeout client 30s',
      '  timeout server 30s',
      // A request a dead replica never answered goes to the next one (kill -9 mid-run).
      '  retries 3',
      '  option redispatch 1',
      'frontend api',
      `  bind 127.0.0.1:${port}`,
      '  default_backend replicas',
      'backend replicas',
      '  balance roundrobin',
      ...(plain ? [] : ['  option httpchk GET /__mock/health/ready', '  retry-on conn-failure empty-response response-timeout']),
      ...backends.map((backend, i) => `  server r${i} ${backend}${plain ? '' : ' check inter 300ms fall 1 rise 1'}`),
      '',
    ].join('\n'),
  );
  const child = spawn(HAPROXY, ['-f', config, '-db'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (data) => {
    stderr += data;
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(async () => {
    if (child.exitCode !== null) throw new Error(`haproxy exited: ${stderr}`);
    return fetch(`${url}/__mock/health`).then(
      (r) => r.ok,
      () => false,
    );
  }, 'haproxy');
  return {
    url,
    pid: child.pid,
    async stop() {
      if (child.exitCode === null) {
        const gone = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGKILL');
        await gone;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Polls until `ready` holds, every 50 ms for at most 20 s. */
export async function waitFor(ready: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const until = Date.now() + 20_000;
  while (Date.now() < until) {
    if (await ready()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${what} did not come up in 20 s`);
}
