import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MockConfigError } from '../../config-error.js';
import { stringifyJson } from '../../json/stringify-json.js';
import type { Exchange } from '../../pipeline/types.js';
import { type RecordedExchange, type RecordedStep, recordedExchange } from './recorded-exchange.js';
import { recordingText } from './recording-file.js';
import type { Redaction } from './redaction.js';

/** Bounds that keep every file loadable (at most 200 rules, 1 MiB) and the recorder's memory bounded. */
const MAX_EXCHANGES_PER_FILE = 200;
const MAX_BYTES_PER_FILE = 768 * 1024;
const MAX_FILES = 400;

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
}

/** What a flush wrote. */
export interface FlushReport {
  readonly directory: string;
  readonly files: readonly { readonly name: string; readonly file: string; readonly exchanges: number }[];
}

interface PendingFile {
  readonly name: string;
  readonly description: string;
  readonly exchanges: RecordedExchange[];
  readonly seen: Set<string>;
  bytes: number;
  dirty: boolean;
}

/**
 * Records what passes through the proxy (`--record DIR`) as scenario files, one per session (or one
 * named by `--record-name`), kept in memory and written whole on flush: through the admin API and when
 * the server closes. Each file is written to a temporary name and renamed, so a reader never sees half.
 */
export class Recorder {
  readonly #settings: RecorderSettings;
  readonly #files = new Map<string, PendingFile>();
  readonly #warned = new Set<string>();
  #writing: Promise<unknown> = Promise.resolve();

  constructor(settings: RecorderSettings) {
    this.#settings = settings;
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
    const recorded = recordedExchange(exchange, settings.redaction(), settings.maxBodyBytes);
    if (recorded === undefined) return;
    if (typeof recorded === 'string') {
      this.#warnOnce(`not recorded: ${exchange.method} ${exchange.path}: ${recorded}`, recorded);
      return;
    }
    const file = this.#fileOf(exchange.session.id);
    if (file === undefined) {
      this.#warnOnce(`not recorded: more than ${MAX_FILES} sessions`, 'files');
      return;
    }
    const text = stringifyJson({ o: recorded.operationId, r: recorded.request, s: recorded.step });
    if (file.seen.has(text)) return;
    // The load-time check, for what the drift check lets through (once per distinct exchange).
    let findings = recorded.findings;
    if (findings.length === 0) {
      const violation = settings.check(recorded.operationId, recorded.step);
      if (violation !== undefined) findings = [`contract: ${violation}`];
    }
    if (findings.length > 0 && settings.onContractOnly) return;
    if (file.exchanges.length >= MAX_EXCHANGES_PER_FILE || file.bytes + text.length > MAX_BYTES_PER_FILE) {
      const limits = `${MAX_EXCHANGES_PER_FILE} exchanges or ${MAX_BYTES_PER_FILE} bytes`;
      this.#warnOnce(`recording ${file.name} is full (${limits}): later exchanges are left out`, file.name);
      return;
    }
    file.seen.add(text);
    file.bytes += text.length;
    file.exchanges.push({ ...recorded, findings });
    file.dirty = true;
  }

  /** Writes every file with exchanges not yet written; flushes run one after another. */
  flush(): Promise<FlushReport> {
    const next = this.#writing.then(() => this.#write());
    this.#writing = next.catch(() => undefined);
    return next;
  }

  async #write(): Promise<FlushReport> {
    const files: { name: string; file: string; exchanges: number }[] = [];
    for (const file of this.#files.values()) {
      if (!file.dirty) continue;
      file.dirty = false;
      const path = join(this.#settings.dir, `${file.name}.yaml`);
      const temporary = join(this.#settings.dir, `.${file.name}.yaml.${randomBytes(6).toString('hex')}.tmp`);
      try {
        await writeFile(temporary, recordingText(file.description, file.exchanges, this.#settings.spec));
        await rename(temporary, path);
      } catch (error) {
        file.dirty = true;
        await rm(temporary, { force: true });
        throw error;
      }
      files.push({ name: file.name, file: path, exchanges: file.exchanges.length });
    }
    return { directory: this.#settings.dir, files };
  }

  #fileOf(session: string | undefined): PendingFile | undefined {
    const { name, spec } = this.#settings;
    const own = name ?? (session === undefined ? 'recording' : `recording-${session}`);
    const key = fileName(spec === undefined ? own : `${spec}-${own}`);
    let file = this.#files.get(key);
    if (file === undefined) {
      if (this.#files.size >= MAX_FILES) return undefined;
      const from = name !== undefined ? 'every session' : session === undefined ? 'the default session' : `session ${session}`;
      file = { name: key, description: `Recorded through the proxy from ${from}.`, exchanges: [], seen: new Set(), bytes: 0, dirty: false };
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

/** A scenario name (letters, digits, -._; at most 64) for any session id: others characters become `_`, long ids a hash. */
function fileName(text: string): string {
  const safe = text.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^[^A-Za-z0-9]/, 'r');
  if (safe.length <= 64) return safe;
  return `${safe.slice(0, 51)}-${createHash('sha256').update(text).digest('hex').slice(0, 12)}`;
}
