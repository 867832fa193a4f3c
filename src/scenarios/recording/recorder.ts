import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { packageVersion } from '../../assets/package-files.js';
import { MockConfigError } from '../../config-error.js';
import { harLog } from '../../har/har-entry.js';
import type { HarEntry } from '../../har/har-types.js';
import { stringifyJson } from '../../json/stringify-json.js';
import type { Exchange } from '../../pipeline/types.js';
import { recordedHarEntry } from './har-recording.js';
import { type RecordedExchange, type RecordedStep, recordedExchange } from './recorded-exchange.js';
import { type RecordingOrigin, recordingText } from './recording-file.js';
import type { Redaction } from './redaction.js';

/** Bounds that keep every file loadable (at most 200 rules, 1 MiB) and the recorder's memory bounded. */
export interface RecordingBounds {
  readonly exchangesPerFile: number;
  readonly bytesPerFile: number;
  /** Files in one run: held, or written and released. */
  readonly files: number;
  /** Exchanges held in memory over all files (their JSON text in UTF-8 bytes); past it, files are written and released. */
  readonly heldBytes: number;
}

export const RECORDING_BOUNDS: RecordingBounds = {
  exchangesPerFile: 200,
  bytesPerFile: 768 * 1024,
  files: 400,
  heldBytes: 32 * 1024 * 1024,
};

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

interface PendingFile {
  readonly name: string;
  readonly description: string;
  readonly exchanges: RecordedExchange[];
  /** With `--record-format har` or `both`: every exchange, as a HAR log keeps it. */
  readonly har: HarEntry[];
  /** Digests of the exchanges held, to leave out identical ones. */
  readonly seen: Set<string>;
  bytes: number;
  dirty: boolean;
  /** Written and being released from memory (the held bytes bound): takes no more exchanges. */
  released: boolean;
}

/**
 * Records what passes through the proxy (`--record DIR`) as scenario files, one per session (or one
 * named by `--record-name`), kept in memory and written whole on flush: through the admin API and when
 * the server closes. Each file is written to a temporary name and renamed, so a reader never sees half.
 * When the exchanges held reach the held bytes bound, every file is written and the least recently
 * recorded ones are released from memory (their sessions record no more in this run).
 */
export class Recorder {
  readonly #settings: RecorderSettings;
  readonly #bounds: RecordingBounds;
  /** Least recently recorded first. */
  readonly #files = new Map<string, PendingFile>();
  /** Names of the files written and released. */
  readonly #released = new Set<string>();
  #heldBytes = 0;
  readonly #warned = new Set<string>();
  #writing: Promise<unknown> = Promise.resolve();

  constructor(settings: RecorderSettings) {
    this.#settings = settings;
    this.#bounds = settings.bounds ?? RECORDING_BOUNDS;
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
    const settings = this.#settings;
    const format = settings.format ?? 'scenario';
    if (format !== 'scenario') this.#keepHar(exchange);
    if (format === 'har') return;
    const recorded = recordedExchange(exchange, settings.redaction(), settings.maxBodyBytes);
    if (recorded === undefined) return;
    if (typeof recorded === 'string') {
      this.#warnOnce(`not recorded: ${exchange.method} ${exchange.path}: ${recorded}`, recorded);
      return;
    }
    this.keep(recorded, exchange.session.id);
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
    if (file === undefined) {
      this.#warnOnce(`not recorded: more than ${bounds.files} sessions`, 'files');
      return `more than ${bounds.files} files`;
    }
    if (typeof file === 'string' || file.released) {
      const name = typeof file === 'string' ? file : file.name;
      this.#warnOnce(
        `recording ${name} was written and released (the recordings held reached ${bounds.heldBytes} bytes): later exchanges are left out`,
        `released ${name}`,
      );
      return `${name} was written and released`;
    }
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
      this.#warnOnce(`recording ${file.name} is full (${limits}): later exchanges are left out`, file.name);
      return `${file.name} is full (${limits})`;
    }
    if (this.#heldBytes + size > bounds.heldBytes) this.#release(file);
    file.seen.add(digest);
    file.bytes += size;
    this.#heldBytes += size;
    file.exchanges.push({ ...recorded, findings });
    file.dirty = true;
    return { findings };
  }

  /** Keeps the exchange in its file's HAR log, within the same bounds as its scenario file. */
  #keepHar(exchange: Exchange): void {
    const entry = recordedHarEntry(exchange, this.#settings.redaction(), this.#settings.maxBodyBytes);
    const file = entry === undefined ? undefined : this.#fileOf(exchange.session.id);
    if (entry === undefined || file === undefined || typeof file === 'string' || file.released) return;
    const size = Buffer.byteLength(JSON.stringify(entry));
    const bounds = this.#bounds;
    if (file.har.length >= bounds.exchangesPerFile || file.bytes + size > bounds.bytesPerFile) {
      this.#warnOnce(`recording ${file.name}.har is full: later exchanges are left out`, `${file.name}.har`);
      return;
    }
    if (this.#heldBytes + size > bounds.heldBytes) this.#release(file);
    file.har.push(entry);
    file.bytes += size;
    this.#heldBytes += size;
    file.dirty = true;
  }

  /**
   * The held bytes bound is reached: writes every file, then releases the least recently recorded ones
   * (never `current`) until half the bound is held. A file is released once written, so nothing
   * recorded is lost; should the write fail, the file stays held and is written by a later flush.
   */
  #release(current: PendingFile): void {
    const releasing: PendingFile[] = [];
    for (const file of this.#files.values()) {
      if (this.#heldBytes <= this.#bounds.heldBytes / 2) break;
      if (file === current || file.released) continue;
      file.released = true;
      this.#heldBytes -= file.bytes;
      releasing.push(file);
    }
    if (releasing.length === 0) return;
    this.#settings.log.warn(
      `the recordings held reached ${this.#bounds.heldBytes} bytes: writing them, and releasing ${releasing.map((f) => f.name).join(', ')} (those sessions record no more)`,
    );
    this.flush().then(
      () => {
        for (const file of releasing) {
          this.#files.delete(file.name);
          this.#released.add(file.name);
        }
      },
      (error: Error) => {
        for (const file of releasing) {
          file.released = false;
          this.#heldBytes += file.bytes;
        }
        this.#settings.log.warn(`could not write the recordings: ${error.message}`);
      },
    );
  }

  /** Writes every file with exchanges not yet written; flushes run one after another. */
  flush(): Promise<FlushReport> {
    const next = this.#writing.then(() => this.#write());
    this.#writing = next.catch(() => undefined);
    return next;
  }

  async #write(): Promise<FlushReport> {
    const files: { name: string; file: string; exchanges: number }[] = [];
    // The directory may have gone since start (a clean-up, a test's temporary folder): made again.
    if ([...this.#files.values()].some((file) => file.dirty)) await mkdir(this.#settings.dir, { recursive: true });
    for (const file of this.#files.values()) {
      if (!file.dirty) continue;
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
        file.dirty = true;
        throw error;
      }
    }
    return { directory: this.#settings.dir, files };
  }

  /** Writes one file under a temporary name, then renames it: a reader never sees half of it. */
  async #writeFile(base: string, text: string, name: string, exchanges: number) {
    const path = join(this.#settings.dir, base);
    const temporary = join(this.#settings.dir, `.${base}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      await writeFile(temporary, text);
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    return { name, file: path, exchanges };
  }

  /** The session's file; its name when it was released; undefined when there are too many. */
  #fileOf(session: string | undefined): PendingFile | string | undefined {
    const { name, spec } = this.#settings;
    const own = name ?? (session === undefined ? 'recording' : `recording-${session}`);
    // Session ids are chosen by clients: `a` and `A` must not share a file where file names fold case (macOS, Windows).
    const folds = name === undefined && session !== undefined && /[A-Z]/.test(session);
    const key = fileName(spec === undefined ? own : `${spec}-${own}`, folds);
    let file = this.#files.get(key);
    if (file !== undefined && !file.released) {
      // Most recently recorded last.
      this.#files.delete(key);
      this.#files.set(key, file);
    }
    if (file === undefined) {
      if (this.#released.has(key)) return key;
      if (this.#files.size + this.#released.size >= this.#bounds.files) return undefined;
      const from = name !== undefined ? 'every session' : session === undefined ? 'the default session' : `session ${session}`;
      file = {
        name: key,
        description: this.#settings.origin?.description ?? `Recorded through the proxy from ${from}.`,
        exchanges: [],
        har: [],
        seen: new Set(),
        bytes: 0,
        dirty: false,
        released: false,
      };
      this.#files.set(key, file);
    }
    return file;
  }

  #warnOnce(message: string, key: string): void {
    if (this.#warned.has(key) || this.#warned.size > 100) return;
    this.#warned.add(key);
    this.#settings.log.warn(message);
  }
}

/**
 * A scenario name (letters, digits, -._; at most 64) for any session id: other characters become `_`,
 * and a name that had to change, or is too long, ends in a short hash of the id, so that two ids never
 * share a file (`a/b` and `a_b`). An id that already ends like a hashed name is hashed too: else a
 * client could choose as its id the name another id was given (`a_b-<hash of a/b>`) and share its file.
 * `hashed` asks for the hash whatever the text (a session id with capitals, which a case-folding file
 * system would give the file of its lower-case twin).
 */
const HASHED = /-[0-9a-f]{12}$/;

export function fileName(text: string, hashed = false): string {
  const safe = text.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^[^A-Za-z0-9]/, 'r');
  if (!hashed && safe === text && safe.length <= 64 && !HASHED.test(safe)) return safe;
  return `${safe.slice(0, 51)}-${createHash('sha256').update(text).digest('hex').slice(0, 12)}`;
}
