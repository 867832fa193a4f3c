/**
 * The per-test bench's child processes: plain ES modules written to .bench/ (the bare app transpiled
 * by esbuild) so a cold start pays for node and the code measured, never for a TypeScript loader.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { transformSync } from 'esbuild';
import { VALID_BODY } from './servers.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const dir = `${root}.bench/`;
/** `baseline`: an earlier build of the mock (a package root with dist/), for a before/after side by side. */
export type Contender = 'mock' | 'baseline' | 'bare';

const REQUEST = {
  method: 'POST',
  url: '/plants',
  headers: { authorization: 'Bearer bench', 'content-type': 'application/json' },
  payload: VALID_BODY,
};
const mockFactory = (packageRoot: string) =>
  `const { createMockServer } = await import(${JSON.stringify(pathToFileURL(`${packageRoot}/dist/index.js`).href)});
const create = async () => { const s = await createMockServer({ logLevel: 'silent' }); return { inject: (r) => s.inject(r), close: () => s.close() }; };`;
const factories = (baseline: string | undefined): Partial<Record<Contender, string>> => ({
  mock: mockFactory(root),
  ...(baseline === undefined ? {} : { baseline: mockFactory(baseline) }),
  bare: `const { createBareApp } = await import('./bare-app.mjs');
const create = async () => { const a = await createBareApp(); return { inject: (r) => a.inject(r), close: () => a.close() }; };`,
});

export function writeChildScripts(baseline?: string): void {
  mkdirSync(dir, { recursive: true });
  const bare = readFileSync(`${root}scripts/bench/bare-app.ts`, 'utf8');
  writeFileSync(`${dir}bare-app.mjs`, transformSync(bare, { loader: 'ts', format: 'esm', target: 'node20' }).code);
  for (const [name, factory] of Object.entries(factories(baseline))) {
    writeFileSync(
      `${dir}cold-${name}.mjs`,
      `${factory}
const server = await create();
const answer = await server.inject(${JSON.stringify(REQUEST)});
await server.close();
const cpu = process.cpuUsage();
process.stdout.write(JSON.stringify({ status: answer.statusCode, cpuMs: (cpu.user + cpu.system) / 1000 }));
`,
    );
    writeFileSync(
      `${dir}memory-${name}.mjs`,
      `${factory}
const live = [];
const one = async () => { const s = await create(); await s.inject(${JSON.stringify(REQUEST)}); live.push(s); };
const measure = () => { for (let i = 0; i < 4; i++) globalThis.gc(); const m = process.memoryUsage(); return { heap: m.heapUsed + m.external, rss: m.rss }; };
const count = Number(process.argv[2]);
for (let i = 0; i < 3; i++) await one();
const before = measure();
for (let i = 0; i < count; i++) await one();
const after = measure();
process.stdout.write(JSON.stringify({ heapMb: (after.heap - before.heap) / count / 2 ** 20, rssMb: (after.rss - before.rss) / count / 2 ** 20 }));
await Promise.all(live.map((s) => s.close()));
`,
    );
  }
}

async function runChild(args: string[]): Promise<{ stdout: string; wallMs: number }> {
  const startedAt = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    if (stderr.length < 4000) stderr += chunk.toString();
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const wallMs = performance.now() - startedAt;
  clearTimeout(timer);
  if (code !== 0) throw new Error(`${args.join(' ')} exited with ${code}: ${stderr.trim()}`);
  return { stdout, wallMs };
}

/** A fresh process: import, create, one answer through inject(), close; wall time from spawn to exit. */
export async function coldRun(name: Contender): Promise<{ wallMs: number; cpuMs: number }> {
  const { stdout, wallMs } = await runChild([`${dir}cold-${name}.mjs`]);
  const result = JSON.parse(stdout) as { status: number; cpuMs: number };
  if (result.status !== 200) throw new Error(`${name} answered ${result.status}`);
  return { wallMs, cpuMs: result.cpuMs };
}

/** What one more live instance (created, answered once) adds, after GC, averaged over `count` of them. */
export async function memoryPerInstance(name: Contender, count: number): Promise<{ heapMb: number; rssMb: number }> {
  const { stdout } = await runChild(['--expose-gc', `${dir}memory-${name}.mjs`, String(count)]);
  return JSON.parse(stdout) as { heapMb: number; rssMb: number };
}
