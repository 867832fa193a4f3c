import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { packageVersion } from '../../assets/package-files.js';
import { harLog } from '../../har/har-entry.js';
import type { HarEntry } from '../../har/har-types.js';
import { stringifyJson } from '../../json/stringify-json.js';
import type { Exchange } from '../../pipeline/types.js';
import { recordedHarEntry } from './har-recording.js';
import type { RecordedExchange } from './recorded-exchange.js';
import {
  type FlushReport,
  observedExchange,
  partName,
  RECORDING_BOUNDS,
  type RecorderSettings,
  recordingFileOf,
  writeWhole,
} from './recorder.js';
import { recordingText } from './recording-file.js';

/** Times an append refused for a spent budget takes what is in the way and tries again. */
const SPENT_ROUNDS = 8;

/** One exchange as the store keeps it: `x` (a scenario file's) or `h` (a HAR entry), then its JSON. */
interface Appended {
  readonly file: string;
  readonly session: string;
  readonly kind: 'x' | 'h';
  readonly text: string;
  readonly digest?: string;
}

type Over = { readonly over: 'the session' | 'all sessions'; readonly limit: number };
type Taken = {
  readonly file: string;
  readonly part: number;
  readonly session: string;
  readonly entries: readonly string[];
  readonly lease: string;
};

/** The store's recording buffers (src/store/recording-store.ts), each call one atomic step for the fleet. */
export interface FleetRecordings {
  appendRecording(
    entry: Appended,
    limits: {
      readonly entriesPerFile: number;
      readonly bytesPerFile: number;
      readonly files: number;
      readonly sessionBytes: number;
      readonly totalBytes: number;
    },
  ): Promise<{ readonly part: number } | 'same' | 'full' | 'files' | Over>;
  takeRecordings(which: { readonly files?: readonly string[]; readonly idleMs?: number }): Promise<Taken[]>;
  releaseRecordings(leases: readonly string[]): Promise<void>;
}

export interface FleetRecorderSettings extends RecorderSettings {
  readonly store: FleetRecordings;
  /** `--max-state-bytes` and `--max-total-state-bytes`: the recordings are charged like the sessions' data. */
  readonly sessionBytes: number;
  readonly totalBytes: number;
  /** `--session-idle-timeout`: a file nothing was appended to for this long is written, as a forgotten session's is. */
  readonly idleMs: number;
}

/**
 * `--record` in a fleet (`--store`, docs/scale-out.md): each recorded exchange is appended, as it is
 * answered, to its file's list in the store, charged to its session's byte budget there; a flush
 * (the admin route, a file idle for the session timeout, a budget spent, shutdown) takes the lists
 * whole in one atomic step and writes them. So each exchange is written once, by whichever replica
 * flushes, in the order the store received them; what a later flush takes goes in the next part
 * (`NAME.part2`). A replica killed with `kill -9` loses nothing it appended.
 */
export class FleetRecorder {
  readonly #settings: FleetRecorderSettings;
  /** Appends sent and not yet answered: a flush waits for this replica's. */
  readonly #sending = new Set<Promise<void>>();
  /** Taken from the store but not written (a full disk): written by the next flush. */
  readonly #unwritten: Taken[] = [];
  readonly #warned = new Set<string>();
  readonly #timer: NodeJS.Timeout;

  constructor(settings: FleetRecorderSettings) {
    this.#settings = settings;
    this.#timer = setInterval(() => this.#sweep(), Math.max(1000, Math.min(settings.idleMs, 60_000)));
    this.#timer.unref();
  }

  /** Appends one answered exchange to its file in the store; only the real service's answers are kept. */
  observe(exchange: Exchange): void {
    const settings = this.#settings;
    const session = exchange.session.id;
    const har = () => {
      const entry = recordedHarEntry(exchange, settings.redaction(), settings.maxBodyBytes);
      if (entry !== undefined) this.#send(session, 'h', JSON.stringify(entry));
    };
    const recorded = observedExchange(settings, exchange, har, (message, key) => this.#warnOnce(message, key));
    if (recorded === undefined) return;
    const digest = createHash('sha256')
      .update(stringifyJson({ o: recorded.operationId, r: recorded.request, s: recorded.step }))
      .digest('base64');
    let findings = recorded.findings;
    if (findings.length === 0) {
      const violation = settings.check(recorded.operationId, recorded.step);
      if (violation !== undefined) findings = [`contract: ${violation}`];
    }
    if (findings.length > 0 && settings.onContractOnly) return;
    this.#send(session, 'x', stringifyJson({ ...recorded, findings }), digest);
  }

  #send(session: string | undefined, kind: 'x' | 'h', text: string, digest?: string): void {
    const { key, held } = recordingFileOf(this.#settings, session);
    const entry: Appended = { file: key, session: held ?? '', kind, text, ...(digest === undefined ? {} : { digest }) };
    const sent = this.#append(entry).catch((error: Error) =>
      this.#warnOnce(`not recorded: the store could not take an exchange: ${error.message}`, 'store'),
    );
    this.#sending.add(sent);
    void sent.finally(() => this.#sending.delete(sent));
  }

  /** Appends within the bounds: where a budget is spent, what is in the way is written first, then it goes in a next part. */
  async #append(entry: Appended): Promise<void> {
    const bounds = this.#settings.bounds ?? RECORDING_BOUNDS;
    const limits = {
      entriesPerFile: bounds.exchangesPerFile,
      bytesPerFile: bounds.bytesPerFile,
      files: bounds.files,
      sessionBytes: Math.min(this.#settings.sessionBytes, 2 ** 50),
      totalBytes: Math.min(this.#settings.totalBytes, 2 ** 50),
    };
    let outcome = await this.#settings.store.appendRecording(entry, limits);
    // Appends of other requests (on any replica) may fill the next part before this one is taken in:
    // taken and tried again, a few times, before the exchange is left out.
    for (let round = 0; round < SPENT_ROUNDS && typeof outcome === 'object' && 'over' in outcome; round++) {
      const taken = await this.#settings.store.takeRecordings(outcome.over === 'the session' ? { files: [entry.file] } : {});
      if (taken.length > 0)
        this.#settings.log.warn(
          `the recordings reached the state budget of ${outcome.over} (${outcome.limit} bytes): writing ${taken.map(nameOf).join(', ')} and going on in next parts`,
        );
      await this.#write(taken);
      outcome = await this.#settings.store.appendRecording(entry, limits);
    }
    const suffix = entry.kind === 'h' ? '.har' : '';
    if (outcome === 'full') {
      const limit = `${bounds.exchangesPerFile} exchanges or ${bounds.bytesPerFile} bytes`;
      this.#warnOnce(`recording ${entry.file}${suffix} is full (${limit}): later exchanges are left out`, `${entry.file}${suffix}`);
    } else if (outcome === 'files') this.#warnOnce(`not recorded: more than ${bounds.files} files held`, 'files');
    else if (typeof outcome === 'object' && 'over' in outcome)
      this.#warnOnce(`not recorded: the state budget of ${outcome.over} (${outcome.limit} bytes) is spent`, `budget ${outcome.over}`);
  }

  /** Takes every file held in the store (the fleet's: this replica's appends arrived first) and writes it. */
  async flush(): Promise<FlushReport> {
    await Promise.all([...this.#sending]);
    return this.#write(await this.#settings.store.takeRecordings({}));
  }

  /** Stops the idle sweep; the closing flush is the caller's. */
  stop(): void {
    clearInterval(this.#timer);
  }

  #sweep(): void {
    this.#settings.store
      .takeRecordings({ idleMs: this.#settings.idleMs })
      .then((taken) => this.#write(taken))
      .catch((error: Error) => this.#settings.log.warn(`could not write the recordings: ${error.message}`));
  }

  async #write(taken: readonly Taken[]): Promise<FlushReport> {
    const settings = this.#settings;
    const format = settings.format ?? 'scenario';
    const pending = [...this.#unwritten.splice(0), ...taken];
    const files: { name: string; file: string; exchanges: number }[] = [];
    // The directory may have gone since start (a clean-up, a test's temporary folder): made again.
    if (pending.length > 0) await mkdir(settings.dir, { recursive: true }).catch(() => undefined);
    let failure: Error | undefined;
    const written: string[] = [];
    for (const one of pending) {
      const name = nameOf(one);
      const exchanges: RecordedExchange[] = [];
      const har: HarEntry[] = [];
      for (const entry of one.entries) {
        const value = JSON.parse(entry.slice(1));
        if (entry.startsWith('h')) har.push(value as HarEntry);
        else exchanges.push(value as RecordedExchange);
      }
      const { description } = recordingFileOf(settings, one.session === '' ? undefined : one.session);
      try {
        if (format !== 'har') {
          const text = await recordingText(
            one.part === 1 ? description : `${description} Part ${one.part}.`,
            exchanges,
            settings.spec,
            settings.origin,
          );
          files.push({ name, file: await writeWhole(settings.dir, `${name}.yaml`, text), exchanges: exchanges.length });
        }
        if (format !== 'scenario' && har.length > 0) {
          const text = `${JSON.stringify(harLog(har, { name: 'plantstore-mock', version: packageVersion() }), null, 2)}\n`;
          files.push({ name, file: await writeWhole(settings.dir, `${name}.har`, text), exchanges: har.length });
        }
        written.push(one.lease);
      } catch (error) {
        // Taken from the store, so only this replica has it now: kept for its next flush.
        this.#unwritten.push(one);
        failure ??= error as Error;
      }
    }
    // Written: their leases end (a lease not ended runs out, and a later flush writes the part again, same name).
    await settings.store
      .releaseRecordings(written)
      .catch((error: Error) => this.#warnOnce(`could not release written recordings in the store: ${error.message}`, 'release'));
    if (failure !== undefined) throw failure;
    return { directory: settings.dir, files };
  }

  #warnOnce(message: string, key: string): void {
    if (this.#warned.has(key) || this.#warned.size > 100) return;
    this.#warned.add(key);
    this.#settings.log.warn(message);
  }
}

/** A taken part's file name: the session's, then `.partN` from the second part on. */
function nameOf(taken: Taken): string {
  return taken.part === 1 ? taken.file : partName(taken.file, taken.part);
}
