import { parseJson } from '../json/parse-json.js';
import { stringifyJson } from '../json/stringify-json.js';
import type { SessionHeaders } from '../pipeline/types.js';
import type { ScenarioEngine } from '../scenarios/scenario-engine.js';
import type { MemorySessionStore, SessionCopy } from '../sessions/memory-store.js';
import type { SaveOutcome, SharedStore, StoredSession } from '../store/shared-store.js';

/** Decisions of one request at most, when other replicas keep writing its session meanwhile. */
const MAX_ATTEMPTS = 32;

/** The fleet's sessions hold `--max-total-state-bytes` already: the request answers 507 (STATE_BUDGET_EXCEEDED). */
export const OVER_BUDGET = Symbol('over the fleet budget');

/** What the store could not do: the request that needed it answers 503 (STORE_UNAVAILABLE). */
export const UNAVAILABLE = Symbol('store unavailable');

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

  constructor(
    readonly store: SharedStore,
    /** This replica's copy of the sessions, which the mock's code reads and writes. */
    readonly sessions: MemorySessionStore,
    readonly scenarios: ScenarioEngine,
    /** `--stateful`: every request may read or change records. */
    readonly stateful: boolean,
    /** `--proxy`: every request reads its session's proxy switch. */
    readonly proxied = false,
  ) {}

  /**
   * Whether an API request needs its session: the simulator may answer it, or a scenario or the proxy
   * switch may decide it, because the request asks for a scenario, `--scenario` chose one, or the session
   * (or the default session) may have chosen a scenario or switched the proxy somewhere in the fleet.
   * Else it is answered from this replica's memory with no round trip. Not sure (the choices not watched
   * right now): needed.
   */
  needs(session: SessionHeaders): boolean {
    if (this.stateful) return true;
    if (this.scenarios.catalogue.size === 0 && !this.proxied) return false;
    if (session.scenario !== undefined || this.scenarios.defaultScenario !== undefined) return true;
    const { choices } = this.store;
    if (!choices.live || choices.mayHaveChoice(session.id ?? '')) return true;
    // A choice this replica still holds from an earlier read goes when the session is read again.
    const { sessions } = this;
    return (
      sessions.ownScenario(session.id) !== undefined ||
      sessions.ownScenario(undefined) !== undefined ||
      sessions.proxyChoice(session.id) !== undefined
    );
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
      release();
      if (this.#tails.get(key) === tail) this.#tails.delete(key);
    };
    await before;
    let read: StoredSession;
    try {
      read = await this.store.load(session);
    } catch {
      done();
      return UNAVAILABLE;
    }
    this.#restore(session, read);
    const text = this.#encode(session);
    const scenario = this.sessions.ownScenario(session);
    const proxy = this.sessions.proxyChoice(session);
    return {
      end: async () => {
        try {
          const now = this.#encode(session);
          const chosen = this.sessions.ownScenario(session);
          const switched = this.sessions.proxyChoice(session);
          if (now === text && chosen === scenario && switched === proxy) return 'saved';
          return await this.store.save(session, read, now, {
            ...(chosen === scenario ? {} : { scenario: chosen ?? null }),
            ...(switched === proxy ? {} : { proxy: switched === undefined ? null : switched ? 'on' : 'off' }),
          });
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

  #encode(session: string | undefined): string {
    return stringifyJson(this.sessions.copyOf(session));
  }

  #restore(session: string | undefined, read: StoredSession): void {
    const parsed = read.data === undefined ? undefined : parseJson(read.data);
    const copy = read.data === undefined ? undefined : ((parsed?.ok ? parsed.value : {}) as Partial<SessionCopy>);
    if (read.scenario !== undefined || read.proxy !== undefined) this.store.choices.saw(session ?? '');
    if (read.defaultScenario !== undefined) this.store.choices.saw('');
    this.sessions.restore(session, copy, { scenario: read.scenario, defaultScenario: read.defaultScenario, proxy: read.proxy });
  }
}
