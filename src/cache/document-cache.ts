import { createHash, randomBytes } from 'node:crypto';
import { lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Parsed documents kept between runs (`--parse-cache`, docs/performance.md): a large YAML document's
 * parse is a third of the CLI's start-up on openai's 2.9 MB spec, and reading it back as JSON a tenth
 * of that. Keyed by the text, so a changed document is parsed again; handed to the loader by the CLI,
 * which knows where the user's cache lies.
 */
export interface DocumentCache {
  /** The value parsed from `text` on an earlier run, or undefined. */
  get(text: string): { readonly value: unknown } | undefined;
  /** Keeps what `text` parsed to, unless JSON cannot say it exactly: serialised at once, written later, never an error. */
  put(text: string, value: unknown): void;
  /** Writes now what `put` left for later (the CLI, as it stops: a restart within the delay finds it). */
  flush?(): void;
}

/** Smaller documents parse in about the time their cached value is read. */
export const CACHED_FROM_BYTES = 256 * 1024;
const ENTRY = /^[0-9a-f]{64}\.json$/;

export interface CacheSettings {
  /** Part of every key: an entry another version of the mock wrote is never read. */
  readonly version: string;
  /**
   * Part of every key too: the build of the mock that parses (the CLI gives the bundle's digest), so a
   * development build of the same version never reads a release's entries, nor the other way round.
   */
  readonly build?: string;
  /** What all entries may take together; the least recently read go first. */
  readonly maxBytes?: number;
  /** How long after `put` the entry is written: off the start-up's path. */
  readonly writeDelayMs?: number;
}

/**
 * The cache in `dir`, created private (0700) when missing, or undefined where it cannot be trusted or
 * made: a directory another user owns or others may write to (they could plant a value), a symbolic
 * link, a read-only file system. The mock then parses as ever.
 */
export function openDocumentCache(dir: string, settings: CacheSettings): DocumentCache | undefined {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const stat = lstatSync(dir);
    const uid = process.getuid?.();
    if (!stat.isDirectory() || (uid !== undefined && stat.uid !== uid) || (stat.mode & 0o022) !== 0) return undefined;
  } catch {
    return undefined;
  }
  const { version, build = '', maxBytes = 64 * 1024 * 1024, writeDelayMs = 2000 } = settings;
  const nodeMajor = process.versions.node.split('.')[0];
  const fileOf = (text: string) =>
    join(dir, `${createHash('sha256').update(`${version}\0${build}\0${nodeMajor}\0`).update(text).digest('hex')}.json`);
  /** The writes waiting for their delay, each with its timer. */
  const pending = new Map<() => void, NodeJS.Timeout>();
  return {
    get(text) {
      if (text.length < CACHED_FROM_BYTES) return undefined;
      const file = fileOf(text);
      try {
        const value: unknown = JSON.parse(readFileSync(file, 'utf8'));
        touch(file);
        return { value };
      } catch {
        return undefined;
      }
    },
    put(text, value) {
      if (text.length < CACHED_FROM_BYTES) return;
      const file = fileOf(text);
      // Serialised now: the loader goes on to change the value it parsed (references resolved in place).
      const json = exactJson(value);
      if (json === undefined) return;
      const write = () => {
        const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
        try {
          writeFileSync(temporary, json, { mode: 0o600, flag: 'wx' });
          renameSync(temporary, file);
          trim(dir, maxBytes);
        } catch {
          try {
            unlinkSync(temporary);
          } catch {}
        }
      };
      if (writeDelayMs <= 0) return write();
      const timer = setTimeout(() => {
        pending.delete(write);
        write();
      }, writeDelayMs).unref();
      pending.set(write, timer);
    },
    flush() {
      for (const [write, timer] of pending) {
        clearTimeout(timer);
        pending.delete(write);
        write();
      }
    },
  };
}

/** The value as JSON when JSON reads it back the same, else undefined (`.inf`, `.nan` and `-0` have no JSON). */
function exactJson(value: unknown): string | undefined {
  let exact = true;
  const json = JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v === 'number' && (!Number.isFinite(v) || Object.is(v, -0))) exact = false;
    return v;
  });
  return exact ? json : undefined;
}

/** Marks an entry read now, so a trim keeps it longest; where that cannot be written, it is still read. */
function touch(file: string): void {
  try {
    const now = new Date();
    utimesSync(file, now, now);
  } catch {}
}

/** Removes the least recently read entries until all fit in `maxBytes`. */
function trim(dir: string, maxBytes: number): void {
  const entries = readdirSync(dir)
    .filter((name) => ENTRY.test(name))
    .flatMap((name) => {
      try {
        const { size, mtimeMs } = statSync(join(dir, name));
        return [{ name, size, mtimeMs }];
      } catch {
        return [];
      }
    })
    .sort((a, b) => b.mtimeMs - a.mtimeMs);
  let total = 0;
  for (const entry of entries) {
    total += entry.size;
    if (total > maxBytes) unlinkSync(join(dir, entry.name));
  }
}
