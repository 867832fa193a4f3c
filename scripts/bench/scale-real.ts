/**
 * The real-document part of `npm run bench:scale`: each contender spawned on each document, the time
 * and CPU from spawn to its first HTTP answer, RSS then, and RSS after one request to each of 100
 * different operations (whatever their answers: each makes the server prepare that operation).
 */
import { type ProbeRequest, probeOperations, sendProbe } from './real-documents.js';
import { launch, type ScaleServer } from './scale-launch.js';
import { cpuSeconds, rssMb } from './servers.js';
import { fixed, markdownTable, median } from './stats.js';

export interface RealSample {
  readonly startupMs: number;
  readonly startupCpuS: number;
  readonly rssStart: number;
  readonly rssAfter: number;
  readonly statuses: Readonly<Record<string, number>>;
}

export async function measureReal(
  name: ScaleServer,
  spec: string,
  probes: readonly ProbeRequest[],
  baseline?: string,
): Promise<RealSample> {
  const { child, url, startedAt, stop } = await launch(name, spec, baseline);
  const first = probes[0] as ProbeRequest;
  try {
    while ((await sendProbe(url, first, 60_000)) === undefined) {
      if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode} on ${spec}`);
      if (performance.now() - startedAt > 300_000) throw new Error(`${name} did not answer on ${spec} within 300 s`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const startupMs = performance.now() - startedAt;
    const startupCpuS = cpuSeconds(child.pid);
    const rssStart = rssMb(child.pid);
    const statuses: Record<string, number> = {};
    for (const probe of probes) {
      const status = String((await sendProbe(url, probe, 30_000)) ?? 'none');
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
    return { startupMs, startupCpuS, rssStart, rssAfter: rssMb(child.pid), statuses };
  } finally {
    await stop();
  }
}

export function probesFor(spec: string): ProbeRequest[] {
  return probeOperations(spec, 100);
}

/** The table and the goals' verdicts: start-up at most 0.3x Prism's, RSS at most Prism's, on each document. */
export function realReport(documents: readonly string[], names: readonly ScaleServer[], samples: Map<string, RealSample[]>): string[] {
  const of = (name: ScaleServer, doc: string, pick: (s: RealSample) => number) => median((samples.get(`${name}/${doc}`) ?? []).map(pick));
  const rows = documents.flatMap((doc) =>
    names.map((name) => [
      doc,
      name,
      fixed(of(name, doc, (s) => s.startupMs)),
      fixed(
        of(name, doc, (s) => s.startupCpuS),
        1,
      ),
      fixed(of(name, doc, (s) => s.rssStart)),
      fixed(of(name, doc, (s) => s.rssAfter)),
    ]),
  );
  const verdicts = documents.map((doc) => {
    const start = of('mock', doc, (s) => s.startupMs) / of('prism', doc, (s) => s.startupMs);
    const cpu = of('mock', doc, (s) => s.startupCpuS) / of('prism', doc, (s) => s.startupCpuS);
    const peak = (name: ScaleServer) => of(name, doc, (s) => Math.max(s.rssStart, s.rssAfter));
    const rss = peak('mock') / peak('prism');
    const met = (ok: boolean) => (ok ? 'met' : Number.isNaN(start) ? 'n/a' : 'NOT met');
    // Prism never answered (its time limit): the mock's own figures are the verdict's only facts.
    if (Number.isNaN(start))
      return `- ${doc}: Prism did not answer within its time limit; the mock answered in ${fixed(of('mock', doc, (s) => s.startupMs))} ms (no ratio)`;
    return `- ${doc}: start-up mock / Prism ${start.toFixed(2)}x (CPU ${cpu.toFixed(2)}x; goal <= 0.3x: ${met(start <= 0.3)}); peak RSS ${rss.toFixed(2)}x Prism's (goal <= 1x: ${met(rss <= 1)})`;
  });
  return [
    markdownTable(['document', 'server', 'start-up ms', 'start-up CPU s', 'RSS after start MB', 'RSS after 100 operations MB'], rows),
    '',
    ...verdicts,
  ];
}
