import { PROXY_HEADER } from './forward-headers.js';

/**
 * Whether a request goes to the upstream: its `X-Mock-Proxy: on|off` header, else its session's
 * choice (admin API), else on. Session choices are kept for at most `maxSessions` sessions, the
 * oldest choice forgotten first.
 */
export class ProxySwitch {
  readonly #sessions = new Map<string, boolean>();
  readonly #maxSessions: number;

  constructor(maxSessions: number) {
    this.#maxSessions = maxSessions;
  }

  /** The session's choice (undefined: the default session), or undefined when it made none. */
  choiceOf(session: string | undefined): boolean | undefined {
    return this.#sessions.get(session ?? '');
  }

  /** Sets (or, with undefined, clears) a session's choice. */
  choose(session: string | undefined, on: boolean | undefined): void {
    const key = session ?? '';
    this.#sessions.delete(key);
    if (on === undefined) return;
    this.#sessions.set(key, on);
    if (this.#sessions.size > this.#maxSessions) this.#sessions.delete(this.#sessions.keys().next().value as string);
  }

  forwards(headers: Readonly<Record<string, string | string[] | undefined>>, session: string | undefined): boolean {
    const header = headers[PROXY_HEADER];
    const value = typeof header === 'string' ? header.trim().toLowerCase() : undefined;
    if (value === 'off') return false;
    if (value === 'on') return true;
    if (this.#sessions.size === 0) return true;
    return this.#sessions.get(session ?? '') ?? true;
  }
}
