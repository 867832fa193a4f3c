import type { Documents } from './documents.js';
import { operationArgument } from './documents.js';
import type { MockWire } from './mock-wire.js';
import { answerSchema, sendThroughMock } from './send-request.js';
import { admin, adminJson, invalidArguments, objectSchema, props, queryOf, type ToolSpec } from './tool-kit.js';

const open = { type: 'object' } as const;
const readOnly = { readOnlyHint: true, openWorldHint: false } as const;
const filter = {
  session: props.session,
  method: { type: 'string', pattern: '^[A-Za-z]{1,16}$', description: 'HTTP method, any case.' },
  path: { type: 'string', maxLength: 2048, description: 'Exact path, or a pattern where `*` stands for any characters (`/plants*`).' },
  status: { type: 'string', pattern: '^[1-5]([0-9]{2}|[xX]{2})$', description: 'Exact status (`201`) or a class (`4xx`).' },
  since: { type: 'string', format: 'date-time', description: 'Entries at or after this ISO 8601 date-time.' },
  spec: props.spec,
} as const;
const pick = (args: Record<string, unknown>, names: readonly string[]) =>
  Object.fromEntries(names.filter((n) => args[n] !== undefined).map((n) => [n, args[n]]));

/** The control plane as tools: each one an admin API call (or a consumer's request), nothing else. */
export function controlTools(wire: MockWire, documents: Documents, stateful: boolean): ToolSpec[] {
  const tools: ToolSpec[] = [
    {
      name: 'list_operations',
      title: 'List operations',
      description: 'The operations of each served document: method, path, operationId, summary, tags and documented statuses.',
      inputSchema: objectSchema({ spec: props.spec }),
      outputSchema: objectSchema({ documents: { type: 'array', items: open } }, ['documents'], { additionalProperties: true }),
      annotations: readOnly,
      async call(args) {
        const served = await documents.list();
        const chosen = args.spec === undefined ? served : served.filter((d) => d.name === args.spec);
        if (chosen.length === 0)
          throw invalidArguments(`no document named "${String(args.spec).slice(0, 64)}"; served: ${served.map((d) => d.name).join(', ')}`);
        const out = [];
        for (const document of chosen) {
          const reader = await documents.reader(served.length > 1 ? document.name : undefined);
          const operations = reader.operations.map(({ method, path, operationId, summary, tags, statuses, deprecated }) => ({
            method,
            path,
            operationId: operationId ?? null,
            summary: summary ?? null,
            tags,
            statuses,
            ...(deprecated ? { deprecated } : {}),
          }));
          out.push({ name: document.name, base: document.base, title: document.title, operations });
        }
        return { documents: out };
      },
    },
    {
      name: 'describe_operation',
      title: 'Describe an operation',
      description:
        'One operation: its parameters, request body and responses with their schemas (references unfolded, bounded) and examples. `operation` is an operationId or "METHOD /path".',
      inputSchema: objectSchema({ operation: { type: 'string', maxLength: 2048 }, spec: props.spec }, ['operation']),
      outputSchema: objectSchema(
        { method: { type: 'string' }, path: { type: 'string' }, parameters: { type: 'array' }, responses: { type: 'array' } },
        ['method', 'path', 'parameters', 'responses'],
        { additionalProperties: true },
      ),
      annotations: readOnly,
      async call(args) {
        const { reader, operation } = await documents.find(args.spec as string | undefined, operationArgument(args));
        return { ...reader.describe(operation) };
      },
    },
    {
      name: 'send_request',
      title: 'Send a request through the mock',
      description:
        'Sends a request to the mocked API as a consumer would, and answers what the mock answered, where the answer came from (provenance) and what it found wrong with the request. The journal and coverage count it.',
      inputSchema: objectSchema(
        {
          method: { type: 'string', pattern: '^[A-Za-z]{1,16}$' },
          path: { type: 'string', maxLength: 8192, description: 'The path as sent (its query may be in it), e.g. /plants/42?limit=2.' },
          query: { type: 'object', additionalProperties: { type: ['string', 'number', 'boolean'] } },
          headers: { type: 'object', additionalProperties: { type: 'string' } },
          body: { description: 'A JSON value (sent as application/json), or text sent as it is when a content-type header is given.' },
          session: props.session,
          scenario: { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$', description: 'Sent as X-Mock-Scenario.' },
        },
        ['method', 'path'],
      ),
      outputSchema: answerSchema,
      annotations: { openWorldHint: false },
      call: (args) => sendThroughMock(wire, args as never),
    },
    {
      name: 'list_scenarios',
      title: 'List scenarios',
      description: 'The scenarios a document has, and the default session`s active one.',
      inputSchema: objectSchema({ spec: props.spec }),
      outputSchema: objectSchema({ scenarios: { type: 'array', items: open }, active: { type: ['string', 'null'] } }, ['scenarios'], {
        additionalProperties: true,
      }),
      annotations: readOnly,
      call: (args) => adminJson(wire, 'GET', `/scenarios${queryOf(pick(args, ['spec']))}`),
    },
    {
      name: 'use_scenario',
      title: 'Use a scenario',
      description: 'Makes a scenario the active one of a session (null: none); later requests of that session are answered by it.',
      inputSchema: objectSchema({ scenario: { type: ['string', 'null'], maxLength: 64 }, session: props.session, spec: props.spec }, [
        'scenario',
      ]),
      outputSchema: objectSchema({ session: { type: ['string', 'null'] }, scenario: { type: ['string', 'null'] } }, [], {
        additionalProperties: true,
      }),
      annotations: { idempotentHint: true, openWorldHint: false },
      call: (args) => adminJson(wire, 'PUT', `/scenario${queryOf(pick(args, ['spec']))}`, pick(args, ['scenario', 'session'])),
    },
    {
      name: 'reset',
      title: 'Reset',
      description: 'Forgets sequence positions, stored data, simulated records and coverage of a session, or of all sessions.',
      inputSchema: objectSchema({ session: props.session, spec: props.spec }),
      outputSchema: objectSchema({ reset: { type: 'string' } }, ['reset'], { additionalProperties: true }),
      annotations: { destructiveHint: true, idempotentHint: true, openWorldHint: false },
      call: (args) => adminJson(wire, 'POST', `/reset${queryOf(pick(args, ['spec']))}`, pick(args, ['session'])),
    },
    {
      name: 'query_journal',
      title: 'Query the journal',
      description: 'The requests the mock saw and its answers (credentials masked), newest `limit` (default 20) matching the filter.',
      inputSchema: objectSchema({ ...filter, limit: { type: 'integer', minimum: 1, maximum: 500, default: 20 } }),
      outputSchema: objectSchema({ count: { type: 'integer' }, entries: { type: 'array', items: open } }, ['entries'], {
        additionalProperties: true,
      }),
      annotations: readOnly,
      call: (args) => adminJson(wire, 'GET', `/journal${queryOf({ limit: 20, ...pick(args, [...Object.keys(filter), 'limit']) })}`),
    },
    {
      name: 'verify',
      title: 'Verify requests',
      description: 'Passes when at least (or exactly) N journalled requests match the filter; a failure lists the closest entries.',
      inputSchema: objectSchema({ ...filter, atLeast: { type: 'integer', minimum: 0 }, exactly: { type: 'integer', minimum: 0 } }),
      outputSchema: objectSchema(
        {
          pass: { type: 'boolean' },
          expected: { type: 'string' },
          count: { type: 'integer' },
          message: { type: 'string' },
          closest: { type: 'array' },
        },
        ['pass', 'count', 'message'],
        { additionalProperties: true },
      ),
      annotations: readOnly,
      async call(args) {
        if ((args.atLeast === undefined) === (args.exactly === undefined)) throw invalidArguments('give one of "atLeast" and "exactly"');
        return adminJson(wire, 'POST', '/journal/verify', args);
      },
    },
    reportTool(
      wire,
      'get_coverage',
      '/coverage',
      ['json', 'junit', 'markdown', 'text'],
      'Contract coverage: operations and documented responses exercised, and requests that broke the contract.',
    ),
    reportTool(
      wire,
      'get_drift',
      '/drift',
      ['json', 'junit', 'markdown'],
      'With --proxy: where the real service`s answers broke the document, per operation.',
    ),
  ];
  if (stateful) tools.push(...stateTools(wire));
  return tools;
}

function reportTool(wire: MockWire, name: string, route: string, formats: string[], description: string): ToolSpec {
  return {
    name,
    description: `${description} format json (default) gives the report as structured data; the others as text.`,
    inputSchema: objectSchema({ session: props.session, spec: props.spec, format: { type: 'string', enum: formats } }),
    outputSchema: objectSchema({ format: { type: 'string' }, report: open, text: { type: 'string' } }, ['format']),
    annotations: readOnly,
    async call(args) {
      const format = typeof args.format === 'string' ? args.format : 'json';
      const answer = await admin(wire, 'GET', `${route}${queryOf({ ...pick(args, ['session', 'spec']), format })}`);
      return format === 'json' ? { format, report: JSON.parse(answer.body) } : { format, text: answer.body };
    },
  };
}

function stateTools(wire: MockWire): ToolSpec[] {
  const collections = { type: 'object', additionalProperties: { type: 'array', items: { type: 'object' } } };
  return [
    {
      name: 'get_state',
      title: 'Get simulated records',
      description: 'The records the stateful simulator holds for a session, by collection path.',
      inputSchema: objectSchema({ session: props.session, spec: props.spec }),
      outputSchema: objectSchema({ session: { type: ['string', 'null'] }, stateful: { type: 'boolean' }, collections }, ['collections']),
      annotations: readOnly,
      call: (args) => adminJson(wire, 'GET', `/state${queryOf(pick(args, ['session', 'spec']))}`),
    },
    {
      name: 'put_state',
      title: 'Replace simulated records',
      description:
        'Replaces the records of the given collections of a session (others are kept), each checked against the document as `--data` records are.',
      inputSchema: objectSchema({ session: props.session, spec: props.spec, collections }, ['collections']),
      outputSchema: objectSchema({ session: { type: ['string', 'null'] }, stateful: { type: 'boolean' }, collections }, ['collections']),
      annotations: { idempotentHint: true, destructiveHint: true, openWorldHint: false },
      call: (args) => adminJson(wire, 'PUT', `/state${queryOf(pick(args, ['session', 'spec']))}`, { collections: args.collections }),
    },
  ];
}
