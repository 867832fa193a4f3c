import { createHash, randomBytes } from 'node:crypto';
import {
  closeSync,
  constants as fsConstants,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  type Stats,
  statSync,
  writeFileSync,
} from 'node:fs';
import Module, { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { constants, Script } from 'node:vm';

/**
 * V8's code cache for the CLI bundle where Node has no compile cache of its own (Node < 22.1): loads a
 * CommonJS file the way Node would, but through vm.Script with the code V8 made for it last time.
 *
 * The cache is made after start-up (save()), not when the file is compiled: V8 compiles a function on its
 * first call, so a cache made at compile time (as v8-compile-cache does) holds little more than the top
 * level, while one made after start-up holds every function start-up ran (most of the bundle's modules).
 */
export interface CachedModule {
  readonly exports: unknown;
  /** Whether V8 took its code from the cache. */
  readonly fromCache: boolean;
  /** Writes the cache when there was none or V8 rejected it; never throws (a read-only disk means no cache). */
  save(): void;
}

/** Cache files kept per directory: one per build, so a few builds in use at once do not evict each other. */
const KEPT = 4;

/**
 * Runs `file` (CommonJS) with the code cache found in `cacheDir`, if any. A cache is only ever used for the
 * exact file it was made from: its name carries the build id the bundler appends (a hash of the content),
 * the file's size and modification time (a hand edit), Node's version and the architecture; V8 itself
 * rejects a cache from other flags. The directory must belong to this user and be writable by no one
 * else: a cache is code, and one planted by another user would run as this one.
 */
export function requireWithCodeCache(file: string, cacheDir: string | undefined): CachedModule {
  const source = readFileSync(file, 'utf8');
  const cacheFile = cacheDir === undefined ? undefined : join(cacheDir, `${cacheKey(file, source)}.v8cache`);
  const cachedData = cacheDir !== undefined && cacheFile !== undefined && ownedDirectory(cacheDir) ? readOrUndefined(cacheFile) : undefined;
  const script = new Script(Module.wrap(source), {
    filename: file,
    cachedData,
    importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  const cached = cachedData !== undefined && script.cachedDataRejected === false;
  const module = { exports: {} as unknown };
  const run = script.runInThisContext() as (...args: unknown[]) => void;
  run.call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
  return {
    get exports() {
      return module.exports;
    },
    fromCache: cached,
    save() {
      if (cached || cacheFile === undefined || cacheDir === undefined) return;
      // Written aside and renamed: a process starting meanwhile reads a whole cache or none.
      // A name no one can guess and create first ('wx' refuses an existing file or link).
      const partial = `${cacheFile}.${randomBytes(8).toString('hex')}.tmp`;
      try {
        mkdirSync(cacheDir, { recursive: true, mode: 0o700 });
        if (!ownedDirectory(cacheDir)) return;
        writeFileSync(partial, script.createCachedData(), { mode: 0o600, flag: 'wx' });
        renameSync(partial, cacheFile);
        prune(cacheDir);
      } catch {
        // No cache this time (read-only or full disk, no permission): start-up is slower, nothing else.
        removeIfThere(partial);
      }
    },
  };
}

function cacheKey(file: string, source: string): string {
  const buildId = /\/\/# buildId=(\w+)\s*$/.exec(source.slice(-200))?.[1] ?? '';
  const { size, mtimeMs } = statSync(file);
  return createHash('sha256').update(`${buildId}\0${size}\0${mtimeMs}\0${process.version}\0${process.arch}`).digest('hex').slice(0, 32);
}

/** Ours alone: owned by this user, writable by no one else (and, for the directory, not a link). */
function ownedAlone(stat: Stats): boolean {
  const uid = process.getuid?.();
  return (uid === undefined || stat.uid === uid) && (stat.mode & 0o022) === 0;
}

function ownedDirectory(dir: string): boolean {
  try {
    const stat = lstatSync(dir);
    return stat.isDirectory() && ownedAlone(stat);
  } catch {
    return false;
  }
}

function removeIfThere(file: string): void {
  try {
    rmSync(file, { force: true });
  } catch {
    // Its directory is gone or unreachable: so is the file.
  }
}

/** The cache file's bytes, read from the very file checked: a regular file (not a link) that is ours alone. */
function readOrUndefined(file: string): Buffer | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(file, fsConstants.O_RDONLY | fsConstants.O_NOFOLLOW);
    const stat = fstatSync(fd);
    return stat.isFile() && ownedAlone(stat) ? readFileSync(fd) : undefined;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Keeps the newest few caches: each rebuild makes a new one, and nothing else would ever remove the old. */
function prune(dir: string): void {
  const caches = readdirSync(dir)
    .filter((name) => name.endsWith('.v8cache'))
    .map((name) => ({ path: join(dir, name), mtimeMs: statSync(join(dir, name)).mtimeMs }))
    .sort((a, b) => b.mtimeMs - a.mtimeMs);
  for (const { path } of caches.slice(KEPT)) rmSync(path, { force: true });
}
