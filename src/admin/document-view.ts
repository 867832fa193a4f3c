import type { LoadedSpec } from '../openapi/load-spec.js';

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
      required: ['complete', 'findings'],
      properties: {
        complete: { type: 'boolean', description: 'Whether every check has run (examples are checked soon after start-up).' },
        findings: {
          type: 'array',
          items: {
            type: 'object',
            required: ['kind', 'pointer', 'message'],
            properties: {
              kind: { type: 'string', enum: ['routing', 'example', 'default', 'callback', 'pattern'] },
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
