import type { MockDocument } from '../mock/create-mock.js';
import type { Readiness } from '../mock/preparation.js';

/** The JSON shape of GET /__mock/health, shown in the admin OpenAPI document. */
export const healthSchema = {
  type: 'object',
  required: ['status', 'ready', 'prepared', 'spec', 'version', 'documents'],
  properties: {
    status: { type: 'string', enum: ['ok'], description: 'Liveness: the server answers.' },
    store: {
      type: 'string',
      enum: ['up', 'down'],
      description: 'With `--store`: whether the shared store is reachable now (readiness: `/__mock/health/ready`).',
    },
    ready: {
      type: 'boolean',
      description:
        'Readiness: every operation is prepared for its first request (in the background once listening, or before with `--warm`); until then a first call may be slow.',
    },
    prepared: {
      type: 'object',
      required: ['operations', 'of'],
      properties: { operations: { type: 'integer' }, of: { type: 'integer' } },
      description: 'How many operations are prepared, of how many.',
    },
    spec: { type: 'string', description: 'The title of the document `?spec=` names (default: the first).' },
    version: { type: 'string', description: 'Its `info.version`.' },
    documents: {
      type: 'array',
      description: 'Every document served, in the order given.',
      items: {
        type: 'object',
        required: ['name', 'base', 'title', 'version', 'operations', 'webhooks'],
        properties: {
          name: { type: 'string', description: 'What `?spec=`, the journal and the metrics call it.' },
          base: { type: 'string', description: 'The base path it is mounted at.' },
          title: { type: 'string' },
          version: { type: 'string' },
          operations: { type: 'integer', description: 'How many operations it documents.' },
          webhooks: { type: 'array', items: { type: 'string' }, description: 'The names of its top-level `webhooks`.' },
        },
      },
    },
  },
} as const;

/** Liveness, readiness, and what each document served is: its title and version at the top are those of `named` (default: the first). */
export function healthOf(documents: readonly MockDocument[], named: MockDocument | undefined, readiness: Readiness) {
  const shown = (named ?? documents[0]) as MockDocument;
  return {
    status: 'ok',
    ...(documents.some((d) => d.shared) ? { store: documents.every((d) => d.shared?.store.ready ?? true) ? 'up' : 'down' } : {}),
    ready: readiness.ready,
    prepared: { operations: readiness.prepared, of: readiness.operations },
    spec: shown.spec.title,
    version: shown.spec.version,
    documents: documents.map(({ mount, spec }) => ({
      name: mount.name,
      base: mount.base,
      title: spec.title,
      version: spec.version,
      operations: spec.operations.length,
      webhooks: [...spec.webhooks.keys()],
    })),
  };
}
