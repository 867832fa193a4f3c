import { BUNDLED_SPEC } from '../assets/package-files.js';
import type { Declaration } from '../option-kinds.js';

/** The options of the document served and how its answers are made: spec, overlays, where it listens, generation, delay. */
export const DOCUMENT_OPTIONS = {
  spec: {
    kind: 'path',
    mounts: true,
    default: BUNDLED_SPEC,
    arg: 'PATH',
    invalid: 'must be a file path, or /BASE=PATH',
    help: 'OpenAPI document to mock (YAML or JSON); repeatable; /BASE=PATH mounts it at /BASE',
    helpDefault: 'the bundled Plant Store openapi.yaml',
    readme:
      'OpenAPI 3.x / Swagger 2.0 document (or Postman collection, [as Prism](docs/import-export.md)) to mock (YAML or JSON); every operation in it is mocked the same way; repeatable, `/BASE=PATH` mounts it at `/BASE` ([several APIs](docs/multiple-documents.md))',
    readmeDefault: 'bundled `openapi.yaml`',
  },
  overlays: {
    kind: 'tokens',
    flag: 'overlay',
    default: [],
    pattern: /\S/,
    invalid: 'must be a list of overlay file paths',
    arg: 'FILE',
    help: 'OpenAPI Overlay (1.0 or 1.1) applied to the spec at load and on reload; repeatable, applied in order',
    readme:
      'OpenAPI Overlay 1.0/1.1 applied to the document at load and on every reload; repeatable, in order ([overlays](docs/overlays.md))',
    readmeDefault: 'none',
  },
  port: { kind: 'integer', default: 0, cliDefault: 4010, min: 0, max: 65535, help: 'TCP port to listen on (0 picks a free one)' },
  host: {
    kind: 'string',
    default: '127.0.0.1',
    pattern: /\S/,
    invalid: 'must be a host name or address',
    arg: 'H',
    help: 'interface to listen on (0.0.0.0 for every interface)',
    readme: 'interface; `0.0.0.0` to be reachable from other machines',
  },
  seed: {
    kind: 'integer',
    min: 0,
    max: Number.MAX_SAFE_INTEGER,
    help: 'seed of the data generator, for reproducible generated bodies',
    readmeDefault: 'random',
  },
  dynamic: { kind: 'boolean', default: false, help: 'generate bodies from the schemas instead of echoing and examples' },
  serveInvalidExamples: {
    kind: 'boolean',
    default: false,
    help: "serve the document's examples and defaults that break their schema (by default the next source answers)",
  },
  delay: {
    kind: 'string',
    pattern: /^\d{1,9}(-\d{1,9})?$/,
    invalid: 'must be milliseconds (120) or a range (100-500)',
    showValue: true,
    arg: 'MS',
    help: 'wait this long before every answer; MIN-MAX draws each delay (seeded by --seed); at most 60000',
    readme:
      'wait this long before every answer; `MIN-MAX` draws each delay (seeded by `--seed`); at most 60000 ([delays](docs/delays-and-validation.md))',
    readmeDefault: 'none',
  },
} as const satisfies Record<string, Declaration>;
