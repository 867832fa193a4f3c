/**
 * JSON Schemas of the journal's admin API: Fastify validates admin input with them and the admin
 * OpenAPI document describes the API with the same objects, so the two cannot drift apart.
 */
const filterProperties = {
  session: { type: 'string', description: 'Exact `X-Mock-Session` value.' },
  method: { type: 'string', pattern: '^[A-Za-z]+$', description: 'HTTP method, any case.' },
  path: { type: 'string', description: 'Exact path, or a pattern where `*` stands for any characters (`/plants*`).' },
  status: { type: 'string', pattern: '^[1-5]([0-9]{2}|[xX]{2})$', description: 'Exact status (`201`) or a class (`4xx`).' },
  since: { type: 'string', format: 'date-time', description: 'Entries at or after this ISO 8601 date-time.' },
  spec: { type: 'string', description: 'With several documents: the name of the one that answered.' },
} as const;

/** Accepted by every admin route, for clients that cannot send a header (see the admin token). */
export const tokenQueryProperty = {
  token: { type: 'string', description: 'The admin token, where no Authorization header can be sent.' },
} as const;

export const filterQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: { ...filterProperties, ...tokenQueryProperty },
} as const;

export const listQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...filterProperties,
    ...tokenQueryProperty,
    limit: { type: 'integer', minimum: 1, maximum: 100000, description: 'Only the newest `limit` matching entries.' },
    format: {
      type: 'string',
      enum: ['json', 'har'],
      description: '`har`: the entries as a HAR 1.2 log (masked as the journal keeps them), to open in browser devtools or import.',
    },
  },
} as const;

export const clearQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: { session: { type: 'string', description: 'Forget only this session`s entries (default: all).' }, ...tokenQueryProperty },
} as const;

const count = { type: 'integer', minimum: 0 } as const;
export const verifyBodySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...filterProperties,
    atLeast: { ...count, description: 'Pass when at least this many entries match.' },
    exactly: { ...count, description: 'Pass when exactly this many entries match.' },
  },
  oneOf: [{ required: ['atLeast'] }, { required: ['exactly'] }],
} as const;

export const entrySchema = {
  type: 'object',
  required: ['id', 'time', 'method', 'path', 'headers', 'body', 'findings', 'invalid', 'source', 'response', 'durationMs'],
  properties: {
    id: { type: 'integer', description: 'Increasing per server.' },
    time: { type: 'string', format: 'date-time' },
    session: { type: ['string', 'null'] },
    operation: { type: ['string', 'null'], description: 'operationId of the matched operation.' },
    spec: { type: 'string', description: 'With several documents: the name of the one that answered (absent outside every one).' },
    method: { type: 'string' },
    path: { type: 'string' },
    query: { type: 'object' },
    headers: {
      type: 'object',
      description:
        'Request headers; credentials (Authorization, Cookie, the API keys of the security schemes) masked as stored: `Bearer ***` plus at most the last 4 characters.',
    },
    body: { type: ['string', 'null'], description: 'The body exactly as received (UTF-8 text, or base64 when bodyEncoding says so).' },
    bodyEncoding: { type: 'string', enum: ['base64'] },
    bodySize: { type: 'integer' },
    bodyTruncated: { type: 'boolean', description: 'Only the first 64 KiB are kept.' },
    findings: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          location: { type: 'string' },
          path: { type: 'array', items: { type: 'string' } },
          code: { type: 'string' },
          message: { type: 'string' },
        },
      },
    },
    invalid: { type: 'boolean', description: 'The mock rejected the request itself (as opposed to a forced error).' },
    source: { type: 'string', description: 'What produced the answer: scenario rule, forcing, example, echo, rejection.' },
    response: {
      type: 'object',
      properties: {
        status: { type: 'integer' },
        headers: { type: 'object' },
        body: { description: 'JSON value answered (null for none).' },
      },
    },
    durationMs: { type: 'number' },
    fault: {
      type: 'string',
      enum: ['reset', 'empty', 'malformed-json', 'timeout', 'no-answer'],
      description: 'The answer was a fault (a scenario fault, or no answer at all: status 0), not a normal reply.',
    },
    callback: {
      type: 'object',
      description:
        "Only on a callback or webhook the mock sent (method, path: the URL, headers and body of its request; response: the consumer's answer, status 0 for none).",
      properties: {
        kind: { type: 'string', enum: ['callback', 'webhook'] },
        name: { type: 'string' },
        outcome: { type: 'string', enum: ['on-contract', 'off-contract', 'refused', 'unresolved', 'timeout', 'failed', 'cancelled'] },
        problems: { type: 'array', items: { type: 'string' } },
      },
    },
    clientSubject: { type: 'string', description: 'Under mutual TLS (--client-ca), the subject of the client certificate.' },
    mismatches: { type: 'array', items: { type: 'string' }, description: 'In verify failures only: the criteria this entry missed.' },
  },
} as const;
