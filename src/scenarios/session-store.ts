/** What one session remembers: its scenario choice, sequence positions and stored data. */
export interface Session {
  /** Scenario chosen through the admin API; undefined = inherit (default session, then `--scenario`). */
  scenario: string | undefined;
  /** Calls each rule has answered, by `scenario#rule`. */
  readonly positions: Map<string, number>;
  /** Request bodies remembered by `store`, by key (e.g. the plant id). */
  readonly stored: Map<string, unknown>;
  lastSeen: number;
}

export interface SessionLimits {
  /** Milliseconds without a request after which a named session is forgotten. */
  readonly idleMs: number;
  /** Most named sessions kept; the least recently used goes first. */
  readonly max: number;
  readonly now?: () => number;
  /** Told of each named session forgotten (expired or evicted), to free what it held. */
  readonly onDrop?: (session: Session) => void;
}

/**
 * The sessions of one server. The default session (requests without `X-Mock-Session`) lives as long as
 * the server; named ones are kept in a Map in least-recently-used order, so expiry and eviction only
 * ever look at its front.
 */
export class SessionStore {
  readonly #named = new Map<string, Session>();
  readonly #default: Session = newSession(0);
  readonly #limits: SessionLimits;
  readonly #now: () => number;

  constructor(limits: SessionLimits) {
    this.#limits = limits;
    this.#now = limits.now ?? Date.now;
  }

  /** The session, created when new; touching it makes it the most recently used. */
  get(id: string | undefined): Session {
    if (id === undefined) return this.#default;
    const now = this.#now();
    this.#expire(now);
    let session = this.#named.get(id);
    if (session) this.#named.delete(id);
    else session = newSession(now);
    session.lastSeen = now;
    this.#named.set(id, session);
    while (this.#named.size > this.#limits.max) this.#dropOldest();
    return session;
  }

  /** The session if it exists, without creating or touching it. */
  peek(id: string | undefined): Session | undefined {
    if (id === undefined) return this.#default;
    this.#expire(this.#now());
    return this.#named.get(id);
  }

  /** Forgets sequence positions and stored data of one session, or of all; scenario choices stay. */
  reset(id?: string): void {
    const sessions = id === undefined ? [this.#default, ...this.#named.values()] : [this.peek(id)];
    for (const session of sessions) {
      session?.positions.clear();
      session?.stored.clear();
    }
  }

  get size(): number {
    return this.#named.size;
  }

  #expire(now: number): void {
    for (const session of this.#named.values()) {
      if (now - session.lastSeen < this.#limits.idleMs) break;
      this.#dropOldest();
    }
  }

  #dropOldest(): void {
    const oldest = this.#named.entries().next();
    if (oldest.done) return;
    this.#named.delete(oldest.value[0]);
    this.#limits.onDrop?.(oldest.value[1]);
  }
}

function newSession(now: number): Session {
  return { scenario: undefined, positions: new Map(), stored: new Map(), lastSeen: now };
}
