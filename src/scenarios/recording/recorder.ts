import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { packageVersion } from '../../assets/package-files.js';
import { MockConfigError } from '../../config-error.js';
import { harLog } from '../../har/har-entry.js';
import type { HarEntry } from '../../har/har-types.js';
import { stringifyJson } from '../../json/stringify-json.js';
import type { Exchange } from '../../pipeline/types.js';
import { MemorySessionStore } from '../../sessions/memory-store.js';
import type { RecordingBuffer, SessionId, SessionStore } from '../../sessions/session-store.js';
import { recordedHarEntry } from './har-recording.js';
import { type RecordedExchange, type RecordedStep, recordedExchange } from './recorded-exchange.js';
import { type RecordingOrigin, recordingText } from './recording-file.js';
import type { Redaction } from './redaction.js';

/** Bounds that keep every file loadable (at most 200 rules, 1 MiB); the memory they hold is the session store's budget. */
export interface RecordingBounds {
  readonly exchangesPerFile: number;
  readonly bytesPerFile: number;
  /** Files in one run: held, or written and let go. */
  readonly files: number;
}

export const RECORDING_BOUNDS: RecordingBounds = { exchangesPerFile: 200, bytesPerFile: 768 * 1024, files: 400 };

export interface RecorderSettings {
  readonly dir: string;
  /** `--record-name`: one file for every session; else one per session. */
  readonly name: string | undefined;
  /** With several documents: the document's name (the files' `spec:` and the start of their names). */
  readonly spec: string | undefined;
  readonly redaction: () => Redaction;
  readonly onContractOnly: boolean;
  readonly maxBodyBytes: number;
  /** The load-time contract check of a recorded answer: what it breaks, or undefined. */
  readonly check: (operationId: string, step: RecordedStep) => string | undefined;
  readonly log: { warn(message: string): void };
  /** The mock's session store, which holds each session's buffer; without one (an import), a store of its own. */
  readonly sessions?: SessionStore;
  /** Smaller bounds, for tests. */
  readonly bounds?: RecordingBounds;
  /** `--record-format`: scenario files (the default), HAR 1.2 logs (NAME.har), or both side by side. */
  readonly format?: 'scenario' | 'har' | 'both';
  /** Where the answers came from, when not through the proxy (an import): the files' comments and description. */
  readonly origin?: RecordingOrigin & { readonly description: string };
}

/** Why `keep` left out an exchange identical to one it holds (nothing worth a warning). */
export const SAME_AS_KEPT = 'the same as one kept';

/** What a flush wrote. */
export interface FlushReport {
  readonly directory: string;
  readonly files: readonly { readonly name: string; readonly file: string; readonly exchanges: number }[];
}

/** A file being recorded: the buffer the session store holds for its session. */
interface PendingFile extends RecordingBuffer {
  /** The store's session that holds it (the default one for `--record-name`). */
  readonly session: SessionId;
  /** The file's name without its part: the session's. */
  readonly key: string;
  readonly part: number;
  readonly description: string;
  readonly exchanges: RecordedExchange[];
  /** With `--record-format har` or `both`: every exchange, as a HAR log keeps it. */
  readonly har: HarEntry[];
  /** Digests of the exchanges held, to leave out identical ones. */
  readonly seen: Set<string>;
  bytes: number;
  dirty: boolean;
}

/** The limits of a recorder's own store (an import): no eviction, no budget beyond the files' bounds. */
const UNBOUNDED = { idleMs: 2 ** 31 - 1, max: 1_000_000, sessionBytes: Number.POSITIVE_INFINITY, totalBytes: Number.POSITIVE_INFINITY };

/**
 * Records what passes through the proxy (`--record DIR`) as scenario files, one per session (or one
 * named by `--record-name`), written whole on flush: through the admin API and when the server closes.
 * Each file is written to a temporary name and renamed, so a reader never sees half. What a session
 * recorded is its buffer in the session store, charged to its byte budget and evicted with it: a
 * session forgotten (idle, pushed out), or a buffer the budget has no room for, is written at once and
 * let go, and the session records on into a next part (`NAME.part2`): nothing recorded is lost.
 */
export class Recorder {
  readonly #settings: RecorderSettings;
  readonly #bounds: RecordingBounds;
  readonly #sessions: SessionStore;
  /** Parts made in this run by file name (bookkeeping of files, bounded by `bounds.files`). */
  readonly #parts = new Map<string, number>();
  #files = 0;
  /** Let go by the store, awaiting their write. */
  readonly #detached = new Set<PendingFile>();
  readonly #warned = new Set<string>();
  #writing: Promise<unknown> = Promise.resolve();

  constructor(settings: RecorderSettings) {
    this.#settings = settings;
    this.#bounds = settings.bounds ?? RECORDING_BOUNDS;
    this.#sessions = settings.sessions ?? new MemorySessionStore(UNBOUNDED);
    this.#sessions.drainRecordings((buffer) => this.#detach(buffer as PendingFile, false));
  }

  /** Checks at start that the directory can be written (made when missing); a MockConfigError says why not. */
  static async create(settings: RecorderSettings): Promise<Recorder> {
    const probe = join(settings.dir, `.probe-${randomBytes(6).toString('hex')}`);
    try {
      await mkdir(settings.dir, { recursive: true });
      await writeFile(probe, '');
      await rm(probe, { force: true });
    } catch (error) {
      throw new MockConfigError(
        `cannot write to the --record directory ${settings.dir}: ${(error as NodeJS.ErrnoException).code ?? 'unwritable'}`,
      );
    }
    return new Recorder(settings);
  }

  /** Takes in one answered exchange; only the real service's answers are kept. */
  observe(exchange: Exchange): void {
    const recorded = observedExchange(
      this.#settings,
      exchange,
      () => this.#keepHar(exchange),
      (message, key) => this.#warnOnce(message, key),
    );
    if (recorded !== undefined) this.keep(recorded, exchange.session.id);
  }

  /**
   * Keeps one recorded exchange in its session's file (one file with `name`): left out when it is the
   * same as one kept, or off the contract with `onContractOnly`, or past the bounds (with a warning).
   * Says why it was left out, or what the kept one breaks (empty: nothing).
   */
  keep(recorded: RecordedExchange, session: string | undefined): string | { readonly findings: readonly string[] } {
    const settings = this.#settings;
    const file = this.#fileOf(session);
    const bounds = this.#bounds;
    if (file === undefined) return this.#tooMany();
    const text = stringifyJson({ o: recorded.operationId, r: recorded.request, s: recorded.step });
    const digest = createHash('sha256').update(text).digest('base64');
    if (file.seen.has(digest)) return SAME_AS_KEPT;
    // The load-time check, for what the drift check lets through (once per distinct exchange).
    let findings = recorded.findings;
    if (findings.length === 0) {
      const violation = settings.check(recorded.operationId, recorded.step);
      if (violation !== undefined) findings = [`contract: ${violation}`];
    }
    if (findings.length > 0 && settings.onContractOnly) return `off the contract: ${findings.join('; ')}`;
    // Bytes as written (UTF-8), not characters: a body of multi-byte characters counts in full.
    const size = Buffer.byteLength(text);
    if (file.exchanges.length >= bounds.exchangesPerFile || file.bytes + size > bounds.bytesPerFile) {
      const limits = `${bounds.exchangesPerFile} exchanges or ${bounds.bytesPerFile} bytes`;
      this.#warnOnce(`recording ${file.name} is full (${limits}): later exchanges are left out`, file.key);
      return `${file.name} is full (${limits})`;
    }
    const into = this.#hold(file, session, size);
    if (typeof into === 'string') return into;
    into.seen.add(digest);
    into.exchanges.push({ ...recorded, findings });
    return { findings };
  }

  /** Keeps the exchange in its file's HAR log, within the same bounds as its scenario file. */
  #keepHar(exchange: Exchange): void {
    const entry = recordedHarEntry(exchange, this.#settings.redaction(), this.#settings.maxBodyBytes);
    const file = entry === undefined ? undefined : this.#fileOf(exchange.session.id);
    if (entry === undefined || file === undefined) return;
    const size = Buffer.byteLength(JSON.stringify(entry));
    const bounds = this.#bounds;
    if (file.har.length >= bounds.exchangesPerFile || file.bytes + size > bounds.bytesPerFile) {
      this.#warnOnce(`recording ${file.name}.har is full: later exchanges are left out`, `${file.key}.har`);
      return;
    }
    const into = this.#hold(file, exchange.session.id, size);
    if (typeof into !== 'string') into.har.push(entry);
  }

  /**
   * Charges `size` more bytes of `file` to its session's budget. Where they do not fit, the buffers
   * in the way (the session's, or every one) are written and let go first, and the exchange goes to
   * the session's next part; where even that has no room, it is left out. Answers the file it goes in.
   */
  #hold(file: PendingFile, session: string | undefined, size: number): PendingFile | string {
    let into: PendingFile | undefined = file;
    let over = this.#sessions.holdRecording(file.session, file, size);
    if (over !== undefined) {
      const releasing = over.scope === 'the session' ? [file] : (this.#sessions.recordings() as PendingFile[]);
      const names = releasing.filter((one) => one.exchanges.length + one.har.length > 0).map((one) => one.name);
      if (names.length > 0)
        this.#settings.log.warn(
          `the recordings reached the state budget of ${over.scope} (${over.limit} bytes): writing ${names.join(', ')} and going on in next parts`,
        );
      for (const one of releasing) this.#detach(one, true);
      into = this.#fileOf(session);
      over = into && this.#sessions.holdRecording(into.session, into, size);
    }
    if (into === undefined) return this.#tooMany();
    if (over !== undefined) {
      this.#warnOnce(`not recorded: the state budget of ${over.scope} (${over.limit} bytes) is spent`, `budget ${over.scope}`);
      return `the state budget of ${over.scope} is spent`;
    }
    if (into.exchanges.length + into.har.length === 0 && this.#parts.get(into.key) !== into.part) {
      this.#parts.set(into.key, into.part);
      this.#files++;
    }
    into.bytes += size;
    into.dirty = true;
    return into;
  }

  /** Lets a buffer go from the store (`drop`; else the store let it go): written, unless it was already. */
  #detach(file: PendingFile, drop: boolean): void {
    if (drop) this.#sessions.dropRecording(file.session, file);
    if (!file.dirty) return;
    this.#detached.add(file);
    this.flush().catch((error: Error) => this.#settings.log.warn(`could not write the recordings: ${error.message}`));
  }

  /** Writes every file with exchanges not yet written; flushes run one after another. */
  flush(): Promise<FlushReport> {
    const next = this.#writing.then(() => this.#write());
    this.#writing = next.catch(() => undefined);
    return next;
  }

  async #write(): Promise<FlushReport> {
    const files: { name: string; file: string; exchanges: number }[] = [];
    const pending = [...(this.#sessions.recordings() as PendingFile[]), ...this.#detached].filter((file) => file.dirty);
    // The directory may have gone since start (a clean-up, a test's temporary folder): made again.
    if (pending.length > 0) await mkdir(this.#settings.dir, { recursive: true });
    for (const file of pending) {
      file.dirty = false;
      const format = this.#settings.format ?? 'scenario';
      try {
        if (format !== 'har') {
          const text = await recordingText(file.description, file.exchanges, this.#settings.spec, this.#settings.origin);
          files.push(await this.#writeFile(`${file.name}.yaml`, text, file.name, file.exchanges.length));
        }
        if (format !== 'scenario' && file.har.length > 0) {
          const text = `${JSON.stringify(harLog(file.har, { name: 'plantstore-mock', version: packageVersion() }), null, 2)}\n`;
          files.push(await this.#writeFile(`${file.name}.har`, text, file.name, file.har.length));
        }
      } catch (error) {
        // Still held (or still detached): a later flush writes it.
        file.dirty = true;
        throw error;
      }
      this.#detached.delete(file);
    }
    return { directory: this.#settings.dir, files };
  }

  async #writeFile(base: string, text: string, name: string, exchanges: number) {
    return { name, file: await writeWhole(this.#settings.dir, base, text), exchanges };
  }

  /** The session's buffer, or a new one (its next part once one was written); undefined when there are too many files. */
  #fileOf(session: string | undefined): PendingFile | undefined {
    const held = this.#settings.name === undefined ? session : undefined;
    const file = this.#sessions.recordingOf(held) as PendingFile | undefined;
    if (file !== undefined) return file;
    const { key, description } = recordingFileOf(this.#settings, session);
    const part = (this.#parts.get(key) ?? 0) + 1;
    if (this.#files >= this.#bounds.files) return undefined;
    return {
      name: part === 1 ? key : partName(key, part),
      key,
      part,
      session: held,
      description: part === 1 ? description : `${description} Part ${part}.`,
      exchanges: [],
      har: [],
      seen: new Set(),
      bytes: 0,
      dirty: false,
    };
  }

  #tooMany(): string {
    this.#warnOnce(`not recorded: more than ${this.#bounds.files} sessions`, 'files');
    return `more than ${this.#bounds.files} files`;
  }

  #warnOnce(message: string, key: string): void {
    if (this.#warned.has(key) || this.#warned.size > 100) return;
    this.#warned.add(key);
    this.#settings.log.warn(message);
  }
}

/**
 * What `--record` (in one process or a fleet) takes of an answered exchange: its HAR entry, handed to
 * `har` unless only scenario files are written, and the scenario file's exchange; undefined for HAR
 * only, an answer not the real service's, or one left out (told to `warn` with its key, once).
 */
export function observedExchange(
  settings: Pick<RecorderSettings, 'format' | 'redaction' | 'maxBodyBytes'>,
  exchange: Exchange,
  har: () => void,
  warn: (message: string, key: string) => void,
): RecordedExchange | undefined {
  const format = settings.format ?? 'scenario';
  if (format !== 'scenario') har();
  if (format === 'har') return undefined;
  const recorded = recordedExchange(exchange, settings.redaction(), settings.maxBodyBytes);
  if (typeof recorded !== 'string') return recorded;
  warn(`not recorded: ${exchange.method} ${exchange.path}: ${recorded}`, recorded);
  return undefined;
}

/**
 * The file a session's exchanges go in: its name without a part (`--record-name`'s, else the
 * session's), the session whose budget holds it (the default one for `--record-name`), its description.
 */
export function recordingFileOf(
  settings: Pick<RecorderSettings, 'name' | 'spec' | 'origin'>,
  session: string | undefined,
): { readonly key: string; readonly held: SessionId; readonly description: string } {
  const { name, spec } = settings;
  const own = name ?? (session === undefined ? 'recording' : `recording-${session}`);
  // Session ids are chosen by clients: `a` and `A` must not share a file where file names fold case (macOS, Windows).
  const folds = name === undefined && session !== undefined && /[A-Z]/.test(session);
  const key = fileName(spec === undefined ? own : `${spec}-${own}`, folds);
  const from = name !== undefined ? 'every session' : session === undefined ? 'the default session' : `session ${session}`;
  const description = settings.origin?.description ?? `Recorded through the proxy from ${from}.`;
  return { key, held: name === undefined ? session : undefined, description };
}

/** Writes one file under a temporary name, then renames it: a reader never sees half of it. Answers its path. */
export async function writeWhole(dir: string, base: string, text: string): Promise<string> {
  const path = join(dir, base);
  const temporary = join(dir, `.${base}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await writeFile(temporary, text);
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  return path;
}

/**
 * A scenario name (letters, digits, -._; at most 64) for any session id: other characters become `_`,
 * and a name that had to change, or is too long, ends in a short hash of the id, so that two ids never
 * share a file (`a/b` and `a_b`). An id that already ends like a hashed name is hashed too: else a
 * client could choose as its id the name another id was given (`a_b-<hash of a/b>`) and share its file.
 * `hashed` asks for the hash whatever the text (a session id with capitals, which a case-folding file
 * system would give the file of its lower-case twin). An id ending like a part (`x.part2`) is hashed
 * too, so that only a session's next part ends so. `room` is the most characters the name may take.
 */
const HASHED = /-[0-9a-f]{12}$/;
const PART = /\.part\d+$/;

export function fileName(text: string, hashed = false, room = 64): string {
  const safe = text.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^[^A-Za-z0-9]/, 'r');
  if (!hashed && safe === text && safe.length <= room && !HASHED.test(safe) && !PART.test(safe)) return safe;
  return `${safe.slice(0, room - 13)}-${createHash('sha256').update(text).digest('hex').slice(0, 12)}`;
}

/** The name of a file's `part`th part (2 on): `NAME.part2`, within the 64 characters of a scenario name. */
export function partName(key: string, part: number): string {
  const suffix = `.part${part}`;
  return `${key.length + suffix.length <= 64 ? key : fileName(key, true, 64 - suffix.length)}${suffix}`;
}
