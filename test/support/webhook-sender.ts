import type { LookupAddress } from 'node:dns';
import { bareWebhook, CallbackSender, type Delivery } from '../../src/callbacks/callback-sender.js';
import type { Resolve } from '../../src/callbacks/checked-lookup.js';
import { DataGenerator } from '../../src/generate/data-generator.js';

/** A webhook with nothing to send but itself: what the outbound rules judge is where it goes. */
export const PING_WEBHOOK = bareWebhook('ping');

/** A DNS stand-in: each name answers the addresses listed for it, one list per lookup in turn (the last repeats). */
export function fakeDns(answers: Record<string, string[][]>): { resolve: Resolve; lookups: string[] } {
  const lookups: string[] = [];
  const resolve: Resolve = (host, _options, done) => {
    lookups.push(host);
    const turns = answers[host];
    if (turns === undefined) return done(Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' }), []);
    const addresses = turns[Math.min(lookups.filter((name) => name === host).length - 1, turns.length - 1)] ?? [];
    done(
      null,
      addresses.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 })),
    );
  };
  return { resolve, lookups };
}

export interface SenderSettings {
  readonly allow: string[];
  readonly resolve: Resolve;
  /** The ports of the mock's own listener, which no callback may reach. */
  readonly ownPorts?: number[];
  readonly retries?: number;
}

/** A sender with no delay, a 2 s timeout and no retries unless given; the caller closes it (`closing`). */
export function webhookSender(settings: SenderSettings, closing: { close(): Promise<unknown> }[]): CallbackSender {
  const { ownPorts } = settings;
  const sender = new CallbackSender({
    allow: settings.allow,
    delayMs: 0,
    timeoutMs: 2_000,
    retries: settings.retries ?? 0,
    generator: new DataGenerator(1),
    record: () => {},
    resolve: settings.resolve,
    ...(ownPorts ? { ownPorts: () => ownPorts } : {}),
  });
  closing.push(sender);
  return sender;
}

/** PING_WEBHOOK sent once to `url` by a new `webhookSender`. */
export function sendPing(settings: SenderSettings, url: string, closing: { close(): Promise<unknown> }[]): Promise<Delivery> {
  return webhookSender(settings, closing).sendWebhook(PING_WEBHOOK, new URL(url), {}, undefined);
}
