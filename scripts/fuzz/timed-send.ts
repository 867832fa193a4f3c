/** One request over a real socket for the admin and hostile-document phases: its status, size and time. */
export interface Timed {
  readonly status: number;
  readonly bytes: number;
  readonly ms: number;
}

/** How long any one answer may take, and how large a rejection may be, before the phase calls it a failure. */
export const SLOW_MS = 2000;
export const LARGE_ERROR = 64 * 1024;

export async function timedSend(url: string, init: RequestInit = {}): Promise<Timed> {
  const started = performance.now();
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  const bytes = (await response.arrayBuffer()).byteLength;
  return { status: response.status, bytes, ms: performance.now() - started };
}

/** What is wrong with an answer: a 5xx, an answer that took too long, or an error too large to be short. */
export function judge(what: string, answer: Timed): string | undefined {
  if (answer.status >= 500) return `${what}: answered ${answer.status}`;
  if (answer.ms > SLOW_MS) return `${what}: took ${Math.round(answer.ms)} ms`;
  if (answer.status >= 400 && answer.bytes > LARGE_ERROR) return `${what}: a ${answer.bytes}-byte error`;
  return undefined;
}
