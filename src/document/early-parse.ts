import { statSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { Worker } from 'node:worker_threads';

/**
 * A large YAML document parsed on a worker thread while the CLI loads the rest of itself: on openai's
 * 2.9 MB document, parsing is most of start-up and loading the CLI's code most of the rest, and each
 * takes a core of its own. The CLI's entry starts it (parseEarly) before it loads its bundle, which has
 * its own copy of this module: the two meet on a global symbol. The loader takes it (takeEarlyParse)
 * where it would parse, and only when the text the worker read is the text it read; else, or when the
 * worker read nothing it would use (JSON, anchors, what js-yaml refuses), it parses as ever, so what is
 * read, and every error, is the same either way.
 */
const HANDOFF = Symbol.for('plantstore-mock.early-parse');
/** Smaller documents parse in less time than a worker takes to start. */
const LEAST_BYTES = 512 * 1024;

interface Handoff {
  readonly path: string;
  readonly worker: Worker;
  readonly parsed: Promise<EarlyParse | undefined>;
}

/** What the worker posts: the text it read and its value (yaml-fast.ts), or nothing. */
export interface EarlyParse {
  readonly text: string;
  readonly value: unknown;
}

type Global = Record<symbol, Handoff | undefined>;

/**
 * Starts parsing the document at `path` on a worker when it is a large file and a core is free for it
 * (`anyLoad` starts it regardless): on a machine whose cores are all busy the worker gains no time and
 * costs the copy of the value between threads. Called from the CLI's entry, before its bundle loads. Whether it started.
 */
export function parseEarly(path: string, anyLoad = false): boolean {
  try {
    if (!anyLoad && !aCoreIsFree()) return false;
    const stat = statSync(path);
    if (!stat.isFile() || stat.size < LEAST_BYTES) return false;
    // Named from the folder above: found alike from dist/document/ and from the CLI's CommonJS entry
    // (dist/cli/main.cjs, this module bundled in it by scripts/bundle-cli.mjs).
    const worker = new Worker(new URL('../document/early-parse-worker.js', import.meta.url), { workerData: resolve(path) });
    // Nothing waits for it until the loader does (takeEarlyParse): a CLI that ends first (--help) is not held.
    worker.unref();
    const parsed = new Promise<EarlyParse | undefined>((settle) => {
      worker.once('message', (message: EarlyParse | undefined) => settle(message));
      worker.once('error', () => settle(undefined));
      worker.once('exit', () => settle(undefined));
    });
    (globalThis as Global)[HANDOFF] = { path: resolve(path), worker, parsed };
    return true;
  } catch {
    return false;
  }
}

/** Whether the last minute's load average leaves a core beside the CLI's own (Linux and macOS; Windows reports 0). */
function aCoreIsFree(): boolean {
  const cores = availableParallelism();
  return cores >= 2 && (loadavg()[0] ?? 0) <= cores - 1;
}

/**
 * The value the early parse read from `text`, the document at `path`, or undefined (none started, another
 * document, another text). The first load takes it, whichever its document: a parse nobody takes is not kept.
 */
export async function takeEarlyParse(path: string, text: string): Promise<{ readonly value: unknown } | undefined> {
  const handoff = (globalThis as Global)[HANDOFF];
  if (handoff === undefined) return undefined;
  delete (globalThis as Global)[HANDOFF];
  if (handoff.path !== resolve(path)) {
    void handoff.worker.terminate();
    return undefined;
  }
  // Waited for now: the process stays up until it answers.
  handoff.worker.ref();
  const parsed = await handoff.parsed;
  return parsed !== undefined && parsed.text === text ? { value: parsed.value } : undefined;
}

/** Ends the early parse, if one runs: the loader found the document's value elsewhere (the parse cache). */
export function dropEarlyParse(): void {
  const handoff = (globalThis as Global)[HANDOFF];
  if (handoff === undefined) return;
  delete (globalThis as Global)[HANDOFF];
  void handoff.worker.terminate();
}
