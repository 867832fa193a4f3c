import type { LoadedSpec } from '../load/load-spec.js';

/** What `GET /__mock/document` answers: the document mocked and its lint findings so far. */
export function documentView(spec: LoadedSpec) {
  return {
    title: spec.title,
    version: spec.version,
    operations: spec.operations.length,
    lint: { complete: spec.lint.complete, findings: spec.lint.findings },
  };
}

export const documentViewSchema = {
  type: 'object',
  required: ['title', 'version', 'operations', 'lint'],
  properties: {
    title: { type: 'string' },
    version: { type: 'string' },
    operations: { type: 'integer', description: 'Operations the document defines.' },
    lint: {
      type: 'object',
      description:
        'What the mock found wrong in the document itself, each once: examples and defaults (of responses, request bodies, parameters, headers, callbacks and webhooks) that break their schema, path templates it cannot route, callback keys, patterns.',
      required: ['complete', 'findings'],
      properties: {
        complete: { type: 'boolean', description: 'Whether every check has run (examples are checked soon after start-up).' },
        findings: {
          type: 'array',
          items: {
            type: 'object',
            required: ['kind', 'pointer', 'message'],
            properties: {
              kind: { type: 'string', enum: ['routing', 'example', 'default', 'callback', 'pattern', 'schema'] },
              pointer: { type: 'string', description: 'JSON pointer into the document.' },
              operation: { type: 'string' },
              message: { type: 'string' },
            },
          },
        },
      },
    },
  },
} as const;
