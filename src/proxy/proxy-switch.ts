import { andThen, type Maybe, type SessionId, type SessionStore } from '../sessions/session-store.js';
import { PROXY_HEADER } from './forward-headers.js';

/**
 * Whether a request goes to the upstream: its `X-Mock-Proxy: on|off` header, else its session's
 * choice (admin API, kept by the session store), else on.
 */
export function proxyForwards(
  headers: Readonly<Record<string, string | string[] | undefined>>,
  session: SessionId,
  sessions: SessionStore,
): Maybe<boolean> {
  const header = headers[PROXY_HEADER];
  const value = typeof header === 'string' ? header.trim().toLowerCase() : undefined;
  if (value === 'off') return false;
  if (value === 'on') return true;
  return andThen(sessions.proxyChoice(session), (choice) => choice ?? true);
}
