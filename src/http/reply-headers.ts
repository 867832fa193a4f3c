import type { FastifyReply } from 'fastify';

/** Where Fastify keeps the headers a reply will send (`lib/symbols.js`'s kReplyHeaders). */
const REPLY_HEADERS = 'fastify.reply.headers';

let headersKey: symbol | undefined;

/**
 * The headers a reply sent, what `reply.getHeaders()` gives without copying them: the journal keeps
 * them by reference, and a reply's headers are never touched once it is sent. Fastify copies its own
 * object and Node's into a new one on every call, a slow spread of a prototype-less object; Node's
 * are only set on a reply written around Fastify (a stream), then merged as Fastify does. This reads
 * Fastify's internal field: the one place that does, and reply-headers.test.ts fails loudly when an
 * upgrade moves it.
 */
export function sentHeaders(reply: FastifyReply): Record<string, string | number | string[] | undefined> {
  const own = ownHeaders(reply);
  if (own === undefined || reply.raw.getHeaderNames().length > 0) return reply.getHeaders();
  return own;
}

function ownHeaders(reply: FastifyReply): Record<string, string | number | string[] | undefined> | undefined {
  headersKey ??= Object.getOwnPropertySymbols(reply).find((key) => key.description === REPLY_HEADERS);
  return headersKey === undefined ? undefined : (reply as unknown as Record<symbol, Record<string, string>>)[headersKey];
}

/** Whether a reply's headers are read where Fastify keeps them (false: the copying public call is used). */
export function readsFastifyHeaders(reply: FastifyReply): boolean {
  return ownHeaders(reply) !== undefined;
}
