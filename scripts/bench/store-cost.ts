/**
 * What `--store` costs (docs/scale-out.md, docs/performance.md): server CPU per valid POST /plants of the
 * mock in memory and with a real Redis store, each store run back to back with its in-memory one (bundled
 * scenarios, no choice: no round trip; a sequence advanced by each request: one atomic store call), with
 * the store's own CPU and calls beside; throughput
 * of 1, 2 and 3 replicas behind HAProxy with the CPU each part spent per request (what saturates first);
 * and the store's memory per 1,000 sessions and per 1,000 records.
 *
 * Also stateful create/read/update/delete in one session holding 1, 100 and 1,000 records, memory and store.
 *
 * Usage: npm run bench:store -- [--rounds N (3)] [--duration S (5)] [--connections N (10)] [--loader wrk|autocannon]
 *   [--only crud|cpu] (the stateful rows alone, or the first table alone)
 * Needs redis-server (or valkey-server) and haproxy.
 */
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import { type Balancer, startBalancer, startStoreServer } from '../../test/support/infrastructure.js';
import { loaderFlag, type Request, runLoad } from './load.js';
import { machineLine } from './machine.js';
import { cpuSeconds, servesPlants, spawnServer, VALID_BODY, withCpu } from './servers.js';
import { fixed, markdownTable, median } from './stats.js';
import { CRUD_HEADER, crudRows } from './store-crud.js';

const { values: flags } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    loader: { type: 'string' },
    only: { type: 'string' },
  },
});
const loader = loaderFlag(flags.loader);
const rounds = Number(flags.rounds);
const duration = Number(flags.duration);
const connections = Number(flags.connections);

const store = await startStoreServer();
const variants: Record<string, string[]> = {
  memory: [],
  store: ['--store', store.url],
  // A sequence advanced by every request: one atomic store call per request with the store.
  'memory, sequence': ['--scenario', 'fail-then-succeed'],
  'store, sequence': ['--scenario', 'fail-then-succeed', '--store', store.url],
};
let started = 0;
// Each start its own prefix: a fresh store, as a fresh process has fresh memory.
const start = (args: readonly string[], prefix = `bench-${started++}`) =>
  spawnServer({
    args: [
      'dist/cli/main.js',
      '--port',
      '{port}',
      '--log-level',
      'warn',
      ...args,
      ...(args.includes('--store') ? ['--store-prefix', prefix] : []),
    ],
    ready: servesPlants,
    label: args.join(' '),
  });

const crudTable = () =>
  crudRows({ storeUrl: store.url, rounds, duration, connections, loader, start }).then((rows) => markdownTable(CRUD_HEADER, rows));
const crudTitle = `Stateful create/read/update/delete in one session (a cycle of PUT, GET, POST, DELETE), ${loader}, ${rounds} interleaved rounds of ${duration} s at ${connections} connections (medians; non-2xx: a delete or create overtaking its pair):`;
if (flags.only === 'crud') {
  const table = await crudTable();
  await store.stop();
  console.log(
    [`# --store cost, stateful (${new Date().toISOString().slice(0, 10)}, ${machineLine()})`, '', crudTitle, '', table].join('\n'),
  );
  process.exit(0);
}

const perVariant = () => Object.fromEntries(Object.keys(variants).map((name) => [name, [] as number[]]));
const cpu = perVariant();
const rate = perVariant();
const storeCpu = perVariant();
const storeScripts = perVariant();
const storeReads = perVariant();
/** The store's count of scripts run (each an atomic step of a request) and of socket reads (each a batch a client wrote). */
const storeCounts = () => {
  const scripts = [...store.command('INFO', 'commandstats').matchAll(/^cmdstat_(?:evalsha|eval|evalsha_ro|eval_ro):calls=(\d+)/gm)];
  const reads = /total_reads_processed:(\d+)/.exec(store.command('INFO', 'stats'))?.[1];
  return { scripts: scripts.reduce((sum, [, calls]) => sum + Number(calls), 0), reads: Number(reads) };
};
const names = Object.keys(variants);
// Each store variant beside its in-memory one, run back to back: on a shared machine one variant's CPU per
// request moves severalfold within a run as other work comes and goes, so a ratio of medians taken minutes
// apart is chance; the ratio of each pair, seconds apart, and their spread are what the table gives.
const PAIRS = [
  ['memory', 'store'],
  ['memory, sequence', 'store, sequence'],
] as const;
for (let round = 0; round < rounds; round++) {
  // Alternating orders, so no variant always runs first on a machine warming up or cooling down.
  const pairs = round % 4 < 2 ? PAIRS : [...PAIRS].reverse();
  for (const name of pairs.flatMap((pair) => (round % 2 === 0 ? pair : [...pair].reverse()))) {
    const server = await start(variants[name] ?? []);
    await runLoad({ url: server.url, mix: 'valid', connections, duration: 2, loader }); // warm-up
    // The replica's CPU is the column compared; the store's own (one variant runs at a time) and its counts
    // are beside it: scripts per request (every sequence step is one) and socket reads (batches of them).
    const [storeBefore, countsBefore] = [cpuSeconds(store.pid), storeCounts()];
    const result = await withCpu(server.child.pid, () => runLoad({ url: server.url, mix: 'valid', connections, duration, loader }));
    cpu[name]?.push(result.cpuUsPerRequest);
    rate[name]?.push(result.reqPerSec);
    storeCpu[name]?.push(((cpuSeconds(store.pid) - storeBefore) * 1e6) / result.requests);
    const counts = storeCounts();
    storeScripts[name]?.push((counts.scripts - countsBefore.scripts) / result.requests);
    storeReads[name]?.push((counts.reads - countsBefore.reads) / result.requests);
    process.stderr.write(`round ${round + 1}, ${name}: ${fixed(result.cpuUsPerRequest)} us/request, ${fixed(result.reqPerSec)} req/s\n`);
    await server.stop();
  }
}

/** The first table: CPU per request of each variant, and over the in-memory one of its kind, pair by pair. */
function cpuTable(): string[] {
  const over = (name: string): string => {
    const pair = PAIRS.find((p) => p[1] === name);
    if (pair === undefined) return '1.00x';
    const base = cpu[pair[0]] ?? [];
    const ratios = (cpu[name] ?? []).map((mine, i) => mine / (base[i] ?? Number.NaN));
    return `${fixed(median(ratios), 2)}x (${fixed(Math.min(...ratios), 2)}-${fixed(Math.max(...ratios), 2)})`;
  };
  return [
    `# --store cost (${new Date().toISOString().slice(0, 10)}, ${machineLine()})`,
    '',
    `CPU per valid POST /plants, ${loader}, ${rounds} rounds of ${duration} s at ${connections} connections, each store variant beside its in-memory one (medians; over memory: the median of the pairs' ratios, and their range):`,
    '',
    markdownTable(
      ['variant', 'CPU µs/request', 'over memory', 'req/s', 'store µs/request', 'store scripts/request', 'store reads/request'],
      names.map((name) => [
        name,
        fixed(median(cpu[name] ?? [])),
        over(name),
        fixed(median(rate[name] ?? [])),
        fixed(median(storeCpu[name] ?? [])),
        fixed(median(storeScripts[name] ?? []), 2),
        fixed(median(storeReads[name] ?? []), 2),
      ]),
    ),
  ];
}

if (flags.only === 'cpu') {
  await store.stop();
  console.log(cpuTable().join('\n'));
  process.exit(0);
}

// Throughput of N replicas sharing the store, behind HAProxy round-robin, all on this machine, with the CPU
// each part spent per request: the requests of no session data (no round trip), and requests of 20
// sessions each advancing a sequence (a read and a versioned write).
const AUTH = { authorization: 'Bearer bench', 'content-type': 'application/json' };
const sessionMix: Request[] = Array.from({ length: 20 }, (_, i) => ({
  method: 'POST',
  path: '/plants',
  headers: { ...AUTH, 'x-mock-session': `s${i}`, 'x-mock-scenario': 'fail-then-succeed' },
  body: VALID_BODY,
}));
const fleet: string[][] = [];
for (const [mixName, requests] of [
  ['no session data', undefined],
  ['sequence per session', sessionMix],
] as const) {
  for (const count of [1, 2, 3]) {
    const replicas = await Promise.all(
      Array.from({ length: count }, () => start(['--store', store.url], `fleet-${count}-${mixName.length}`)),
    );
    let balancer: Balancer | undefined;
    try {
      // No health checks: on a loaded machine one late check takes a replica out and HAProxy answers 503.
      const front = await startBalancer(
        replicas.map((r) => new URL(r.url).host),
        { plain: true },
      );
      balancer = front;
      const url = front.url;
      const load = () => runLoad({ url, mix: 'valid', ...(requests ? { requests } : {}), connections: 50, duration, loader });
      await runLoad({ url, mix: 'valid', ...(requests ? { requests } : {}), connections: 50, duration: 2, loader });
      const parts = { replicas: replicas.map((r) => r.child.pid), store: [store.pid], balancer: [front.pid] };
      const cpu = (pids: readonly (number | undefined)[]) => {
        let seconds = 0;
        for (const pid of pids) seconds += cpuSeconds(pid);
        return seconds;
      };
      const before = new Map(Object.entries(parts).map(([part, pids]) => [part, cpu(pids)]));
      const result = await load();
      const perRequest = (part: keyof typeof parts) => fixed(((cpu(parts[part]) - (before.get(part) ?? 0)) * 1e6) / result.requests);
      fleet.push([
        mixName,
        String(count),
        fixed(result.reqPerSec),
        fixed(result.p99),
        String(result.errors + (requests ? 0 : result.non2xx)),
        perRequest('replicas'),
        perRequest('store'),
        perRequest('balancer'),
      ]);
    } finally {
      await balancer?.stop();
      await Promise.all(replicas.map((r) => r.stop()));
    }
  }
}

const crud = await crudTable();

// Store memory: 1,000 sessions of one record each, then 1,000 records in one session; the keys' own
// bytes (MEMORY USAGE) by what they hold: session data, coverage counts, the journal (which keeps the
// last --journal-size entries, whatever the sessions), and the server's whole used_memory beside.
const used = () => Number(/used_memory:(\d+)/.exec(store.command('INFO', 'memory'))?.[1] ?? Number.NaN);
const memory = await start(['--stateful', '--store', store.url], 'memory');
const client = new Redis(store.url);
// Coverage first: its session keys hold ':s:' too.
const PARTS = { coverage: /:cov/, journal: /:journal/, sessions: /:(s|z|n|t|c|x|q|rec):/ } as const;
const byPart = async () => {
  // The fleet's batches (journal, coverage) go out every 50 ms: let the last one land.
  await new Promise((resolve) => setTimeout(resolve, 300));
  const bytes: Record<string, number> = { sessions: 0, coverage: 0, journal: 0 };
  for await (const keys of client.scanStream({ match: 'memory:*', count: 500 }) as AsyncIterable<string[]>) {
    for (const key of keys) {
      const part = Object.entries(PARTS).find(([, pattern]) => pattern.test(key))?.[0];
      if (part) bytes[part] = (bytes[part] ?? 0) + Number(await client.call('MEMORY', 'USAGE', key, 'SAMPLES', '0'));
    }
  }
  return { ...bytes, used: used() };
};
const post = (session: string, id: number) =>
  fetch(`${memory.url}/plants`, {
    method: 'POST',
    headers: { authorization: 'Bearer bench', 'content-type': 'application/json', 'x-mock-session': session },
    body: JSON.stringify({ id, name: 'Monstera deliciosa', tag: 'tropical' }),
  }).then((r) => r.arrayBuffer());
const delta = (after: Record<string, number>, before: Record<string, number>) =>
  Object.fromEntries(Object.keys(after).map((part) => [part, (after[part] ?? 0) - (before[part] ?? 0)]));
const empty = await byPart();
for (let i = 0; i < 1000; i++) await post(`session-${i}`, 1);
const sessionsFull = await byPart();
const perThousandSessions = delta(sessionsFull, empty);
for (let i = 0; i < 1000; i++) await post('one-session', i + 1);
const perThousandRecords = delta(await byPart(), sessionsFull);
client.disconnect();
await memory.stop();
await store.stop();

const lines = [
  ...cpuTable(),
  '',
  `Replicas with --store behind HAProxy round-robin, ${loader}, 50 connections, ${duration} s, all on this machine; CPU µs per request of each part (the replicas summed):`,
  '',
  markdownTable(['requests', 'replicas', 'req/s', 'p99 ms', 'errors', 'replicas µs', 'store µs', 'HAProxy µs'], fleet),
  '',
  crudTitle,
  '',
  crud,
  '',
  `Store memory (KiB; keys' own bytes by part, and the server's used_memory): ${memoryLine('per 1,000 sessions of one record', perThousandSessions)}; ${memoryLine('per 1,000 records of one session', perThousandRecords)}.`,
];
console.log(lines.join('\n'));

function memoryLine(what: string, bytes: Record<string, number>): string {
  const kib = (part: string) => fixed((bytes[part] ?? 0) / 1024);
  return `${what}: session data ${kib('sessions')}, coverage counts ${kib('coverage')}, journal ${kib('journal')}, used_memory ${kib('used')}`;
}
