import { availableParallelism, cpus, loadavg } from 'node:os';

/** What the figures were measured on: they only mean something next to each other, on one machine. */
export function machineLine(): string {
  const model = cpus()[0]?.model.trim() ?? 'unknown CPU';
  const load = loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  return `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${availableParallelism()} cores (${model}), Node ${process.version}, load average ${load}`;
}
