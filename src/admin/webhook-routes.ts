import type { FastifyInstance } from 'fastify';
import type { CallbackSender, Delivery } from '../callbacks/callback-sender.js';
import type { LoadedSpec } from '../load/load-spec.js';
import type { MockResponse } from '../mock-response.js';
import type { MockCallback } from '../openapi/operation.js';
import { problemResponse } from '../problem.js';
import { ADMIN_PREFIX } from '../protocol.js';
import { tokenQueryProperty } from './journal-schemas.js';
import { pickDocument } from './pick-document.js';
import { sendProblem } from './send-problem.js';

/** Validated by Fastify and shown in the admin OpenAPI document, from the same objects. */
export const webhookBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['url'],
  properties: {
    url: { type: 'string', maxLength: 2048, description: 'Where to send it: an absolute HTTP(S) URL `--callback-allow` allows.' },
    body: { description: 'The body to send (default: the webhook`s first example, else data generated from its schema).' },
    headers: {
      type: 'object',
      maxProperties: 50,
      propertyNames: { pattern: "^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,256}$" },
      additionalProperties: { type: 'string', maxLength: 8192 },
      description: 'Headers to send besides the Content-Type of the body.',
    },
    session: { type: 'string', pattern: '^[A-Za-z0-9._:-]{1,128}$', description: 'The `X-Mock-Session` the journal files it under.' },
  },
} as const;
export const webhookQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...tokenQueryProperty,
    spec: {
      type: 'string',
      description: 'With several documents: the one whose webhook to send (needed only when more than one defines `name`).',
    },
  },
} as const;

/** The JSON shape of what POST /__mock/webhooks/{name} answers: how the delivery ended. */
export const webhookResultSchema = {
  type: 'object',
  required: ['webhook', 'url', 'outcome', 'problems', 'response'],
  properties: {
    webhook: { type: 'string' },
    url: { type: 'string' },
    outcome: { type: 'string', enum: ['on-contract', 'off-contract', 'timeout', 'failed', 'cancelled'] },
    problems: { type: 'array', items: { type: 'string' }, description: 'What is wrong with the consumer`s answer, or why none came.' },
    response: {
      type: 'object',
      properties: {
        status: { type: 'integer', description: '0 when the consumer answered nothing.' },
        headers: { type: 'object' },
        body: { type: ['string', 'null'] },
      },
    },
  },
} as const;

/** Hop-by-hop and framing fields are the mock's to write, not the caller's. */
const RESERVED = new Set(['host', 'content-length', 'transfer-encoding', 'connection', 'keep-alive', 'upgrade', 'te', 'trailer']);

/** One document's webhooks and what sends them. */
export interface WebhookDocument {
  readonly mount: { readonly name: string };
  readonly spec: LoadedSpec;
  readonly callbacks: CallbackSender;
}

/**
 * POST /__mock/webhooks/{name}: sends the webhook `name` to `url` and answers how it went. With several
 * documents, the one `?spec=` names, else the only one that defines `name`.
 */
export async function webhookRoutes(app: FastifyInstance, { documents }: { documents: readonly WebhookDocument[] }): Promise<void> {
  app.post(
    `${ADMIN_PREFIX}/webhooks/:name`,
    { schema: { body: webhookBodySchema, querystring: webhookQuerySchema }, attachValidation: true },
    async (request, reply) => {
      if (request.validationError) {
        return sendProblem(reply, problemResponse({ code: 'INVALID_ADMIN_REQUEST', params: { details: request.validationError.message } }));
      }
      const { name } = request.params as { name: string };
      const pick = pickDocument(documents, (request.query as { spec?: unknown }).spec, (d) => d.mount.name);
      if ('error' in pick) return sendProblem(reply, pick.error);
      const found = findWebhook(pick.found ? [pick.found] : documents, name);
      if ('error' in found) return sendProblem(reply, found.error);
      const { webhook, callbacks } = found;
      const given = request.body as { url: string; body?: unknown; headers?: Record<string, string>; session?: string };
      const url = URL.canParse(given.url) ? new URL(given.url) : undefined;
      if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
        return sendProblem(
          reply,
          problemResponse({ code: 'INVALID_CALLBACK_URL', params: { url: given.url, details: 'not an absolute HTTP(S) URL' } }),
        );
      }
      const headers = Object.fromEntries(Object.entries(given.headers ?? {}).filter(([field]) => !RESERVED.has(field.toLowerCase())));
      const delivery = await callbacks.sendWebhook(webhook, url, { body: given.body, headers }, given.session);
      if (delivery.outcome === 'refused') {
        return sendProblem(
          reply,
          problemResponse({ code: 'INVALID_CALLBACK_URL', params: { url: url.href, details: delivery.problems.join('; ') } }),
        );
      }
      return reply
        .code(200)
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(result(delivery)));
    },
  );
}

function result(delivery: Delivery) {
  return {
    webhook: delivery.name,
    url: delivery.url,
    outcome: delivery.outcome,
    problems: delivery.problems,
    response: { status: delivery.status, headers: delivery.responseHeaders, body: delivery.responseBody ?? null },
  };
}

/** The webhook `name` of the one document among `candidates` that defines it, or the catalogue's 422 saying why none. */
function findWebhook(
  candidates: readonly WebhookDocument[],
  name: string,
): { readonly webhook: MockCallback; readonly callbacks: CallbackSender } | { readonly error: MockResponse } {
  const defining = candidates.filter((document) => document.spec.webhooks.has(name));
  const [only] = defining;
  const webhook = defining.length === 1 ? only?.spec.webhooks.get(name)?.() : undefined;
  if (only && webhook) return { webhook, callbacks: only.callbacks };
  if (defining.length > 1) {
    const documents = defining.map((document) => document.mount.name).join(', ');
    return { error: problemResponse({ code: 'AMBIGUOUS_WEBHOOK', params: { name, documents } }) };
  }
  const several = candidates.length > 1;
  const available = candidates
    .flatMap((document) => [...document.spec.webhooks.keys()].map((key) => (several ? `${key} (${document.mount.name})` : key)))
    .join(', ');
  return { error: problemResponse({ code: 'UNKNOWN_WEBHOOK', params: { name, available: available || 'none' } }) };
}
