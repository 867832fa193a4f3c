/**
 * `npm run bench:soak`: one million valid POST /plants against the mock with its default settings
 * (so the journal runs at its default size once it exists), RSS of the child read after every 100k.
 * RSS should stay flat: the end within 20% of the value after the first 100k, and at most 150 MB.
 *
 * Flags: --total N (1000000) --step N (100000) --connections N (50) --out PATH (bench/soak.md)
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { runLoad } from './load.js';
import { machineLine } from './machine.js';
import { rssMb, startServer } from './servers.js';
import { fixed, markdownTable } from './stats.js';

const { values: flags } = parseArgs({
  options: {
    total: { type: 'string', default: '1000000' },
    step: { type: 'string', default: '100000' },
    connections: { type: 'string', default: '50' },
    out: { type: 'string', default: 'bench/soak.md' },
  },
});
const total = Number(flags.total);
const step = Number(flags.step);

const server = await startServer('mock');
const rows: string[][] = [['0', fixed(rssMb(server.child.pid)), '', '', '']];
let firstStepRss = Number.NaN;
let lastRss = Number.NaN;
let errors = 0;
try {
  for (let done = 0; done < total; ) {
    const amount = Math.min(step, total - done);
    const result = await runLoad({ url: server.url, mix: 'valid', connections: Number(flags.connections), amount });
    done += amount;
    lastRss = rssMb(server.child.pid);
    if (Number.isNaN(firstStepRss)) firstStepRss = lastRss;
    errors += result.errors + result.non2xx;
    rows.push([fixed(done), fixed(lastRss), fixed(result.reqPerSec), fixed(result.p99, 1), String(result.errors + result.non2xx)]);
    process.stderr.write(`${fixed(done)} requests: RSS ${fixed(lastRss)} MB, ${fixed(result.reqPerSec)} req/s\n`);
  }
} finally {
  await server.stop();
}
const growth = (lastRss / firstStepRss - 1) * 100;
const markdown = [
  '# Memory soak',
  '',
  `Measured ${machineLine()}.`,
  '',
  `${fixed(total)} valid \`POST /plants\` against \`node dist/cli/main.js\` with its defaults, ${flags.connections} connections; ` +
    `RSS of the server process after every ${fixed(step)} requests.`,
  '',
  markdownTable(['requests', 'RSS MB', 'req/s', 'p99 ms', 'errors + non-2xx'], rows),
  '',
  `RSS after the first ${fixed(step)}: ${fixed(firstStepRss)} MB; at the end: ${fixed(lastRss)} MB ` +
    `(${growth >= 0 ? '+' : ''}${growth.toFixed(1)}%; targets: at most 150 MB and within 20%). Errors and non-2xx: ${errors}.`,
  '',
].join('\n');
writeFileSync(flags.out, markdown);
process.stdout.write(markdown);
