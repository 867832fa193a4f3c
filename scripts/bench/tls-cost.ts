// Server CPU per request over HTTPS against plain HTTP, side by side: the built CLI serves the bundled
// spec in a child process (log silent), undici sends valid POST /plants on keep-alive connections
// (8 at once), and the server's own user + system CPU (from /proc) is divided by the requests. Three
// transports: HTTP/1.1, HTTPS with HTTP/1.1, HTTPS with HTTP/2 (ALPN). Rounds alternate the order;
// medians are kept; ratios against plain HTTP are what to quote on a shared machine.
// Usage: npm run build && npx tsx scripts/bench/tls-cost.ts [--requests N (5000)] [--rounds N (3)]
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { Agent, fetch } from 'undici';
import { VALID_BODY } from './servers.js';

const { values } = parseArgs({ options: { requests: { type: 'string', default: '5000' }, rounds: { type: 'string', default: '3' } } });
const requests = Number(values.requests);
const TICKS_PER_SECOND = 100;

type Transport = 'http' | 'https-h1' | 'https-h2';

function cpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return ((Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND) * 1e6;
}

async function measure(transport: Transport): Promise<number> {
  const args = ['dist/cli/main.js', '--port', '0', '--log-level', 'silent', ...(transport === 'http' ? [] : ['--tls'])];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk;
      if (out.includes('\n')) resolve(out);
    });
  });
  const url = /listening on (\S+)/.exec(line)?.[1] ?? '';
  const caFile = /trust the CA in (\S+)\)/.exec(line)?.[1];
  const ca = caFile === undefined ? undefined : readFileSync(caFile, 'utf8');
  const agent = new Agent({ connections: 8, allowH2: transport === 'https-h2', ...(ca ? { connect: { ca } } : {}) });
  const send = async (count: number) => {
    let left = count;
    const worker = async () => {
      while (left-- > 0) {
        const response = await fetch(`${url}/plants`, {
          method: 'POST',
          dispatcher: agent,
          headers: { authorization: 'Bearer bench', 'content-type': 'application/json' },
          body: VALID_BODY,
        });
        await response.arrayBuffer();
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
  };
  await send(2000); // warm-up: connections made, the hot path compiled
  const before = cpuMicros(child.pid ?? 0);
  await send(requests);
  const used = cpuMicros(child.pid ?? 0) - before;
  await agent.close();
  child.kill('SIGTERM');
  return used / requests;
}

const transports: Transport[] = ['http', 'https-h1', 'https-h2'];
const samples = new Map<Transport, number[]>(transports.map((t) => [t, []]));
for (let round = 0; round < Number(values.rounds); round++) {
  for (let i = 0; i < transports.length; i++) {
    const transport = transports[(i + round) % transports.length] as Transport;
    samples.get(transport)?.push(await measure(transport));
  }
}
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;
const base = median(samples.get('http') ?? []);
for (const transport of transports) {
  const us = median(samples.get(transport) ?? []);
  console.log(`${transport.padEnd(9)} ${us.toFixed(1)} µs CPU/request  x${(us / base).toFixed(2)}`);
}
