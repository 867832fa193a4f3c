// Server CPU per request of builds of the mock, in-process: each build (a package root holding dist/, see
// snapshot-build.ts) runs in a child process of its own with its defaults (request log at info to standard
// output, here /dev/null), answers inject()ed valid POST /plants, and reports its own user + system CPU per
// request (process.cpuUsage()). Builds alternate in a rotating order over the rounds; the median is kept.
// Not the bench (no sockets): the JavaScript a variant adds or saves, without the load generator sharing
// the machine, whose wake-ups make socket figures swing by tens of microseconds on a busy machine.
// Usage: npx tsx scripts/bench/variant-cost.ts NAME=PACKAGE_ROOT... [--requests N (30000)] [--rounds N (5)]
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const { values: flags, positionals } = parseArgs({
  allowPositionals: true,
  options: { requests: { type: 'string', default: '30000' }, rounds: { type: 'string', default: '5' }, child: { type: 'string' } },
});
const requests = Number(flags.requests);

if (flags.child !== undefined) {
  const { createMockServer } = (await import(
    pathToFileURL(resolve(flags.child, 'dist/index.js')).href
  )) as typeof import('../../src/index.js');
  const server = await createMockServer({});
  const request = {
    method: 'POST' as const,
    url: '/plants',
    headers: { authorization: 'Bearer bench', 'content-type': 'application/json' },
    payload: '{"id": 1, "name": "Monstera deliciosa", "tag": "tropical"}',
  };
  const run = async (count: number) => {
    for (let i = 0; i < count; i++) {
      const response = await server.inject(request);
      if (response.statusCode !== 200) throw new Error(`unexpected ${response.statusCode}: ${response.body}`);
    }
  };
  await run(20_000); // warm-up: the hot path compiled before it is measured
  const before = process.cpuUsage();
  await run(requests);
  const used = process.cpuUsage(before);
  process.stderr.write(`${(used.user + used.system) / requests}\n`);
  await server.close();
} else {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const variants = positionals.map((spec) => {
    const [label, dir] = spec.split('=');
    if (!label || !dir) throw new Error(`NAME=PACKAGE_ROOT, not ${spec}`);
    return { label, dir: resolve(root, dir) };
  });
  const samples = new Map<string, number[]>(variants.map((v) => [v.label, []]));
  const rounds = Number(flags.rounds);
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < variants.length; i++) {
      const variant = variants[(i + round) % variants.length];
      if (variant === undefined) continue;
      const child = spawnSync(
        process.execPath,
        ['--import', 'tsx', fileURLToPath(import.meta.url), '--child', variant.dir, '--requests', String(requests)],
        { cwd: root, env: { ...process.env, NODE_ENV: 'production' }, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' },
      );
      const us = Number(child.stderr.trim().split('\n').at(-1));
      if (child.status !== 0 || Number.isNaN(us)) throw new Error(`${variant.label}: ${child.stderr}`);
      samples.get(variant.label)?.push(us);
      process.stderr.write(`round ${round + 1} ${variant.label}: ${us.toFixed(1)} us/req\n`);
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
  const first = median(samples.get(variants[0]?.label ?? '') ?? []);
  for (const { label } of variants) {
    const m = median(samples.get(label) ?? []);
    console.log(
      `${label}: median ${m.toFixed(1)} us/req (${(m - first >= 0 ? '+' : '') + (m - first).toFixed(1)}), samples ${samples
        .get(label)
        ?.map((s) => s.toFixed(1))
        .join(' ')}`,
    );
  }
}
