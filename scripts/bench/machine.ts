import { writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';

/** What the figures were measured on: they only mean something next to each other, on one machine. */
export function machineLine(): string {
  const model = cpus()[0]?.model.trim() ?? 'unknown CPU';
  const load = loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  return `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${availableParallelism()} cores (${model}), Node ${process.version}, load average ${load}`;
}

/** A goal's verdict in a report's table. */
export function verdict(met: boolean): string {
  return met ? 'met' : 'NOT met';
}

/** Writes a bench section's report to `out` (and standard output): its title, the machine line, then `lines`. */
export function writeReport(out: string, title: string, lines: readonly string[]): void {
  const markdown = [`# ${title}`, '', `Measured ${machineLine()}.`, '', ...lines].join('\n');
  writeFileSync(out, markdown);
  process.stdout.write(`${markdown}\n`);
  process.stderr.write(`written to ${out}\n`);
}
