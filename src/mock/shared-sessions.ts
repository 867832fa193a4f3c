import { parseJson } from '../json/parse-json.js';
import { stringifyJson } from '../json/stringify-json.js';
import type { SessionHeaders } from '../pipeline/types.js';
import type { ScenarioEngine } from '../scenarios/scenario-engine.js';
import type { MemorySessionStore, SessionCopy } from '../sessions/memory-store.js';
import type { ChoiceChanges, PositionChange, SaveOutcome, SharedStore, StoredSession } from '../store/shared-store.js';
import { type RecordsRead, readRecords, recordChanges, StoreLost, StoreRecords } from './shared-records.js';

/** A template's placeholder of stored data (`{{/stored/KEY}}`, src/scenarios/template.ts). */
const STORED_PLACEHOLDER = /\{\{\s*\/stored/;

/** Decisions of one request at most, when other replicas keep writing its session meanwhile. */
const MAX_ATTEMPTS = 32;

/** The fleet's sessions hold `--max-total-state-bytes` already: the request answers 507 (STATE_BUDGET_EXCEEDED). */
export const OVER_BUDGET = Symbol('over the fleet budget');

/** What the store could not do: the request that needed it answers 503 (STORE_UNAVAILABLE). */
export const UNAVAILABLE = Symbol('store unavailable');

/**
 * What a request needs of its session: nothing (answered from this replica's memory), only its sequence
 * positions and records (each read, advanced or written by one atomic store call, the session not held),
 * or the whole session held.
 */
export type SessionNeed = 'none' | 'positions' | 'held';

/** A session brought into this replica's memory from the store, held until its changes are written back. */
export interface HeldSession {
  /** Writes back what changed and lets the next request of the session on this replica go on. */
  end(): Promise<SaveOutcome | typeof UNAVAILABLE>;
}

/**
 * The sessions of one document shared through a store (`--store`, docs/scale-out.md). Each request that
 * needs session data holds its session on this replica (one at a time per session), loads it in one
 * round trip, is decided by the unchanged in-memory code, and writes back what changed in one more,
 * only if nobody wrote the session since (else it is decided again on the fresh copy). So a session's
 * requests spread over replicas see one sequence, one set of records, one scenario choice.
 */
export class SharedSessions {
  readonly #tails = new Map<string, Promise<void>>();
  /** Sessions held on this replica now: their positions advance in memory, written back with the session. */
  readonly #holding = new Set<string>();
  /** Requests advancing a session's positions in the store, not holding it: a hold waits until they are done. */
  readonly #advancing = new Map<string, { count: number; done: Promise<void>; resolve: () => void }>();
  /** Whether each scenario loaded reads its session beyond positions (the catalogue is swapped on reload). */
  readonly #readsSessionOf = new WeakMap<object, boolean>();

  constructor(
    readonly store: SharedStore,
    /** This replica's copy of the sessions, which the mock's code reads and writes. */
    readonly sessions: MemorySessionStore,
    readonly scenarios: ScenarioEngine,
    /** `--stateful`: every request may read or change records. */
    readonly stateful: boolean,
    /** `--proxy`: every request reads its session's proxy switch. */
    readonly proxied = false,
  ) {
    sessions.useSequencer((session, rule) => {
      if (this.#holding.has(session ?? '')) return undefined;
      return store.advance(session, rule).catch(() => {
        throw new StoreLost();
      });
    });
    const records = new StoreRecords(store, () => sessions.seeds, store);
    sessions.useRecordsElsewhere((session) => (this.#holding.has(session ?? '') ? undefined : records));
  }

  /**
   * What an API request needs of its session. The simulator may answer it, or the proxy switch, or
   * stored bodies decide it: held. A scenario or the proxy switch may have been chosen for the session
   * (or the default session) somewhere in the fleet, or this replica is not sure (the choices not watched
   * right now): held, the choices read with it. Else a scenario asked for (`X-Mock-Scenario`,
   * `--scenario`) needs only the positions it advances; none asked for: nothing, no round trip. With
   * `--stateful`, the simulator's records are read and written one atomic call each, not held.
   */
  need(session: SessionHeaders): SessionNeed {
    const need = this.#need(session);
    return this.stateful && need === 'none' ? 'positions' : need;
  }

  #need(session: SessionHeaders): SessionNeed {
    if (this.scenarios.catalogue.size === 0 && !this.proxied) return 'none';
    const { choices } = this.store;
    // A choice this replica still holds from an earlier read goes when the session is read again.
    const { sessions } = this;
    if (
      !choices.live ||
      choices.mayHaveChoice(session.id ?? '') ||
      sessions.ownScenario(session.id) !== undefined ||
      sessions.ownScenario(undefined) !== undefined ||
      sessions.proxyChoice(session.id) !== undefined
    )
      return 'held';
    const asked = session.scenario ?? this.scenarios.defaultScenario;
    if (asked === undefined) return 'none';
    return this.proxied || this.#readsSession(asked) ? 'held' : 'positions';
  }

  /**
   * Decides a request that needs only its positions: no load, no write-back; each step it takes is one
   * atomic store call, so parallel requests of a session through any replica each take their own.
   */
  async advancing<T>(session: string | undefined, decide: () => T | Promise<T>): Promise<T | typeof UNAVAILABLE> {
    const key = session ?? '';
    // A hold of the session on this replica (or one waiting) goes first: its positions advance in memory meanwhile.
    for (let tail = this.#tails.get(key); tail !== undefined; tail = this.#tails.get(key)) await tail;
    let flight = this.#advancing.get(key);
    if (flight === undefined) {
      let resolve: () => void = () => undefined;
      const done = new Promise<void>((r) => {
        resolve = r;
      });
      flight = { count: 0, done, resolve };
      this.#advancing.set(key, flight);
    }
    flight.count++;
    try {
      return await decide();
    } catch (error) {
      if (error instanceof StoreLost) return UNAVAILABLE;
      throw error;
    } finally {
      if (--flight.count === 0) {
        this.#advancing.delete(key);
        flight.resolve();
      }
    }
  }

  /** Holds the session here and brings its shared data in; UNAVAILABLE when the store cannot be reached. */
  async begin(session: string | undefined): Promise<HeldSession | typeof UNAVAILABLE> {
    const key = session ?? '';
    const before = this.#tails.get(key);
    let release: () => void = () => undefined;
    const tail = new Promise<void>((resolve) => {
      release = resolve;
    });
    this.#tails.set(key, tail);
    const done = () => {
      this.#holding.delete(key);
      release();
      if (this.#tails.get(key) === tail) this.#tails.delete(key);
    };
    await before;
    await this.#advancing.get(key)?.done;
    this.#holding.add(key);
    let read: StoredSession;
    try {
      read = await this.store.load(session);
    } catch {
      done();
      return UNAVAILABLE;
    }
    const records = this.#restore(session, read);
    const [text] = this.#encode(session);
    const scenario = this.sessions.ownScenario(session);
    const proxy = this.sessions.proxyChoice(session);
    return {
      end: async () => {
        try {
          const [now, positions] = this.#encode(session);
          const moved = movedPositions(read.positions, positions);
          const chosen = this.sessions.ownScenario(session);
          const switched = this.sessions.proxyChoice(session);
          const changed = recordChanges(records, this.sessions.copyOf(session).r, this.sessions.seeds);
          if (now === text && moved.length === 0 && chosen === scenario && switched === proxy && !changed) return 'saved';
          const changes: ChoiceChanges = {
            ...(chosen === scenario ? {} : { scenario: chosen ?? null }),
            ...(switched === proxy ? {} : { proxy: switched === undefined ? null : switched ? 'on' : 'off' }),
          };
          return await this.store.save(session, read, now, changes, moved, changed);
        } catch {
          return UNAVAILABLE;
        } finally {
          done();
        }
      },
    };
  }

  /**
   * Decides with the session held: `decide` again (after `again`) when another replica wrote the session
   * meanwhile, at most a few times; UNAVAILABLE when the store cannot be reached or stays contended.
   */
  async run<T>(
    session: string | undefined,
    decide: () => T | Promise<T>,
    again: () => void,
  ): Promise<T | typeof UNAVAILABLE | typeof OVER_BUDGET> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      if (attempt > 0) {
        again();
        // Replicas that lost the same race try again apart (jittered, growing to 32 ms): none starves.
        await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(2 ** attempt, 32)));
      }
      const held = await this.begin(session);
      if (held === UNAVAILABLE) return UNAVAILABLE;
      let value: T;
      try {
        value = await decide();
      } catch (error) {
        await held.end();
        throw error;
      }
      const outcome = await held.end();
      if (outcome === UNAVAILABLE) return UNAVAILABLE;
      if (outcome === 'saved') return value;
      if (outcome === 'over-budget') return OVER_BUDGET;
    }
    return UNAVAILABLE;
  }

  /** Resets every session in the store too (a new generation: other replicas see empty sessions next). */
  resetAll(): Promise<void> {
    return this.store.resetAll();
  }

  /** The session's text without its positions and records (the store keeps them apart), and the positions. */
  #encode(session: string | undefined): [string, SessionCopy['p']] {
    const { p, d } = this.sessions.copyOf(session);
    return [stringifyJson({ d }), p];
  }

  /**
   * Whether a scenario reads its session beyond positions: it hands requests to the stateful simulator
   * (`stateful: true`), stores bodies (`store:`), or matches or fills templates with stored ones.
   */
  #readsSession(name: string): boolean {
    const scenario = this.scenarios.catalogue.get(name);
    if (scenario === undefined) return false;
    let reads = this.#readsSessionOf.get(scenario);
    if (reads === undefined) {
      reads =
        scenario.stateful ||
        scenario.rules.some(
          (rule) =>
            rule.store !== undefined ||
            rule.match.stored !== undefined ||
            rule.match.notStored !== undefined ||
            STORED_PLACEHOLDER.test(JSON.stringify(rule.steps)),
        );
      this.#readsSessionOf.set(scenario, reads);
    }
    return reads;
  }

  #restore(session: string | undefined, read: StoredSession): RecordsRead {
    const parsed = read.data === undefined ? undefined : parseJson(read.data);
    const data = read.data === undefined ? undefined : ((parsed?.ok ? parsed.value : {}) as Partial<SessionCopy>);
    const records = readRecords(read.records, this.sessions.seeds);
    const copy =
      data === undefined && read.positions.size === 0 && !records.present
        ? undefined
        : { d: data?.d ?? [], p: [...read.positions], r: records.copy };
    if (read.scenario !== undefined || read.proxy !== undefined) this.store.choices.saw(session ?? '');
    if (read.defaultScenario !== undefined) this.store.choices.saw('');
    const choices = { scenario: read.scenario, defaultScenario: read.defaultScenario, proxy: read.proxy };
    this.sessions.restore(session, copy, choices, read.charged + read.recorded);
    return records;
  }
}

/** The positions a held request moved from those it read: advanced, or cleared by a reset (0). */
function movedPositions(read: ReadonlyMap<string, number>, now: SessionCopy['p']): PositionChange[] {
  const moved: PositionChange[] = [];
  const kept = new Set<string>();
  for (const [rule, calls] of now) {
    kept.add(rule);
    const before = read.get(rule) ?? 0;
    if (calls !== before) moved.push([rule, before, calls]);
  }
  for (const [rule, before] of read) if (!kept.has(rule) && before !== 0) moved.push([rule, before, 0]);
  return moved;
}
