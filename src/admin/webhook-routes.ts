import type { FastifyInstance } from 'fastify';
import type { CallbackSender, Delivery } from '../callbacks/callback-sender.js';
import { tokenQueryProperty } from '../journal/journal-schemas.js';
import type { LoadedSpec } from '../openapi/load-spec.js';
import { problemResponse } from '../problem.js';
import { ADMIN_PREFIX } from '../protocol.js';
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
export const webhookQuerySchema = { type: 'object', additionalProperties: false, properties: { ...tokenQueryProperty } } as const;

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

/** POST /__mock/webhooks/{name}: sends the document's webhook `name` to `url` and answers how it went. */
export async function webhookRoutes(
  app: FastifyInstance,
  { spec, callbacks }: { spec: LoadedSpec; callbacks: CallbackSender },
): Promise<void> {
  app.post(
    `${ADMIN_PREFIX}/webhooks/:name`,
    { schema: { body: webhookBodySchema, querystring: webhookQuerySchema }, attachValidation: true },
    async (request, reply) => {
      if (request.validationError) {
        return sendProblem(reply, problemResponse({ code: 'INVALID_ADMIN_REQUEST', params: { details: request.validationError.message } }));
      }
      const { name } = request.params as { name: string };
      const webhook = spec.webhooks.get(name)?.();
      if (webhook === undefined) {
        const available = [...spec.webhooks.keys()].join(', ') || 'none';
        return sendProblem(reply, problemResponse({ code: 'UNKNOWN_WEBHOOK', params: { name, available } }));
      }
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
