import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * What a replica knows of the fleet's choices (scenario, proxy switch) without a round trip: the sessions
 * that may have one (`''`: the default session), while `live`. A session not in the set has no choice anywhere in the
 * fleet, so an answer that needs nothing else of it skips the store (docs/scale-out.md, "Cost").
 */
export interface ChoiceWatch {
  /** Subscribed, and the store's choices read since: the set can be trusted. */
  readonly live: boolean;
  mayHaveChoice(session: string): boolean;
  /** Notes a choice seen in a session read from the store. */
  saw(session: string): void;
  /** Counts acknowledgements of `nonce` from now on (before the write that announces it is sent). */
  expect(nonce: string): void;
  /** Waits (bounded) until `heard` replicas acknowledged `nonce`; false on time-out. Forgets the nonce. */
  confirmed(nonce: string, heard: number): Promise<boolean>;
  close(): void;
}

/** Most sessions remembered; past it the set is rebuilt from the store's current (unexpired) choices. */
const MOST_REMEMBERED = 10_000;
const CONFIRM_MS = 2000;

/** A fresh announcement id for a choice written by the SAVE script. */
export const newNonce = (): string => randomUUID();

/**
 * The SAVE script publishes `nonce session` on `{prefix}choices` when it writes a choice (or clears one); every replica's
 * subscriber notes the session, then acknowledges on `{prefix}acks`; the writer answers once every
 * replica that heard it acknowledged. A replica whose subscription is down is not live, and takes the
 * store path for every request until it subscribed again and read the current choices (SCAN `{prefix}c:*` and `x:*`).
 * The set only grows (a cleared choice costs a round trip, never a wrong answer) up to MOST_REMEMBERED.
 */
export async function watchChoices(
  client: Redis,
  prefix: string,
  timeoutMs: number,
  warn: (message: string) => void,
): Promise<ChoiceWatch> {
  const subscriber = client.duplicate({ lazyConnect: true, autoResubscribe: false, enableOfflineQueue: true });
  const sessions = new Set<string>();
  const acks = new Map<string, { count: number; wake?: () => void }>();
  const channel = `${prefix}choices`;
  const ackChannel = `${prefix}acks`;
  let live = false;
  let closed = false;
  let epoch = 0;
  // More sessions with a choice than the set keeps: not live (every request reads its session, which is
  // right, only slower) until a later rebuild finds fewer, rather than a rescan per request.
  let full = false;
  let rebuilding = false;

  const rebuild = async () => {
    const mine = ++epoch;
    live = false;
    sessions.clear();
    try {
      // Subscribed first: a choice written while the keys are read is heard (the set only grows).
      await subscriber.subscribe(channel, ackChannel);
      const pattern = `${prefix.replace(/[*?[\]\\]/g, '\\$&')}[cx]:*`;
      let cursor = '0';
      do {
        const [next, keys] = await client.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
        for (const key of keys) sessions.add(key.slice(prefix.length + 2));
        cursor = next;
      } while (cursor !== '0');
      full = sessions.size >= MOST_REMEMBERED;
      if (full) sessions.clear();
      if (mine === epoch && subscriber.status === 'ready' && !full) live = true;
    } catch {
      // Not live: every request takes the store path until the next 'ready'.
    }
  };

  /** One rebuild at a time, when the set reaches its bound; none while the store holds more than it keeps. */
  const remember = (session: string) => {
    if (full) return;
    if (sessions.size >= MOST_REMEMBERED) {
      if (!rebuilding) {
        rebuilding = true;
        void rebuild().finally(() => {
          rebuilding = false;
        });
      }
      return;
    }
    sessions.add(session);
  };

  subscriber.on('error', () => undefined);
  subscriber.on('close', () => {
    live = false;
  });
  let first: () => void = () => undefined;
  const started = new Promise<void>((resolve) => {
    first = resolve;
  });
  subscriber.on('ready', () => void rebuild().finally(first));
  subscriber.on('message', (from: string, message: string) => {
    if (from === ackChannel) {
      const waiting = acks.get(message);
      if (waiting) waiting.count++;
      waiting?.wake?.();
      return;
    }
    const space = message.indexOf(' ');
    if (space < 0) return;
    remember(message.slice(space + 1));
    client.publish(ackChannel, message.slice(0, space)).catch(() => undefined);
  });
  subscriber.connect().catch(() => undefined);
  // Live from the first request where the store answers; else it becomes live once it does.
  let waited: NodeJS.Timeout | undefined;
  await Promise.race([started, new Promise((resolve) => (waited = setTimeout(resolve, timeoutMs)))]);
  clearTimeout(waited);

  return {
    get live() {
      return live && !closed;
    },
    mayHaveChoice: (session) => sessions.has(session) || sessions.has(''),
    saw(session) {
      remember(session);
    },
    expect(nonce) {
      acks.set(nonce, { count: 0 });
    },
    confirmed(nonce, heard) {
      const waiting = acks.get(nonce) ?? { count: 0 };
      if (waiting.count >= heard) {
        acks.delete(nonce);
        return Promise.resolve(true);
      }
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          acks.delete(nonce);
          warn(`a scenario choice was not acknowledged by every replica within ${CONFIRM_MS} ms`);
          resolve(false);
        }, CONFIRM_MS);
        acks.set(nonce, {
          count: waiting.count,
          wake() {
            if (this.count < heard) return;
            clearTimeout(timer);
            acks.delete(nonce);
            resolve(true);
          },
        });
      });
    },
    close() {
      closed = true;
      live = false;
      subscriber.disconnect();
    },
  };
}
