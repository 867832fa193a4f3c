/**
 * How the scale benches start a contender on a document: the mock (this build, or an earlier one with
 * --baseline) or Prism, each a child process on 127.0.0.1 whose output goes to a discarding sink.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort, stopper } from './servers.js';

export type ScaleServer = 'mock' | 'baseline' | 'prism';

const root = fileURLToPath(new URL('../../', import.meta.url));

function command(name: ScaleServer, spec: string, port: number, baseline: string | undefined): string[] {
  switch (name) {
    case 'mock':
      return [`${root}dist/cli/main.js`, '--spec', spec, '--port', String(port)];
    case 'baseline':
      return [`${baseline}/dist/cli/main.js`, '--spec', spec, '--port', String(port)];
    case 'prism':
      return [`${root}node_modules/@stoplight/prism-cli/dist/index.js`, 'mock', spec, '-p', String(port), '-h', '127.0.0.1'];
  }
}

export interface Launched {
  readonly child: ChildProcess;
  readonly url: string;
  readonly startedAt: number;
  stop(): Promise<void>;
}

export async function launch(name: ScaleServer, spec: string, baseline?: string): Promise<Launched> {
  const port = await freePort();
  const sink = spawn('cat', [], { stdio: ['pipe', 'ignore', 'ignore'] });
  const startedAt = performance.now();
  const child = spawn(process.execPath, command(name, spec, port, baseline), {
    cwd: root,
    stdio: ['ignore', sink.stdin ?? 'ignore', 'ignore'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  const stop = stopper(child, sink);
  return { child, url: `http://127.0.0.1:${port}`, startedAt, stop };
}
