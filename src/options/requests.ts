import type { Declaration } from '../option-kinds.js';
import { HEADER_CREDENTIAL } from '../protocol.js';

/** How arrays are spelled in a query or form: Steady's names, and `indices` (`a[0]=1`); `auto` reads the document's style and the bracket dialects. */
export const ARRAY_FORMATS = ['auto', 'repeat', 'comma', 'space', 'pipe', 'brackets', 'indices'] as const;
/** How objects are spelled in a query or form: Steady's names; `auto` reads the document's style, brackets and dots. */
export const OBJECT_FORMATS = ['auto', 'flat', 'flat-comma', 'brackets', 'dots'] as const;

/** The options of how requests are read and judged: validation, query and form dialects, tokens, Accept, body size. */
export const REQUEST_OPTIONS = {
  validateRequest: {
    kind: 'boolean',
    default: true,
    help: 'validate requests; --no-validate-request answers them as if valid and reports what is wrong in x-mock-findings',
    readme:
      'validate requests against the document; `--no-validate-request` answers as if valid, violations still reported ([how](docs/delays-and-validation.md))',
  },
  queryArrayFormat: {
    kind: 'choice',
    choices: ARRAY_FORMATS,
    default: 'auto',
    aliases: ['validator-query-array-format'],
    arg: 'FORMAT',
    help: "how query arrays are spelled: auto (the document's style, a[]=1 and a[0]=1 too), repeat, comma, space, pipe, brackets, indices",
    readme:
      "(objects: `auto` `flat` `flat-comma` `brackets` `dots`) how arrays and objects are spelled in queries and forms; `auto` reads the document's style, `a[]=1`, `a[0][b]=1`, `a.b=1`; Steady's `--validator-…` spellings too ([dialects](docs/request-dialects.md))",
  },
  queryObjectFormat: {
    kind: 'choice',
    readmeJoin: true,
    choices: OBJECT_FORMATS,
    default: 'auto',
    aliases: ['validator-query-object-format'],
    arg: 'FORMAT',
    help: "how query objects are spelled: auto (the document's style, a[b]=1 and a.b=1 too), flat, flat-comma, brackets, dots",
  },
  formArrayFormat: {
    kind: 'choice',
    readmeJoin: true,
    choices: ARRAY_FORMATS,
    default: 'auto',
    aliases: ['validator-form-array-format'],
    arg: 'FORMAT',
    help: 'how arrays are spelled in urlencoded and multipart bodies; the values of --query-array-format',
  },
  formObjectFormat: {
    kind: 'choice',
    readmeJoin: true,
    choices: OBJECT_FORMATS,
    default: 'auto',
    aliases: ['validator-form-object-format'],
    arg: 'FORMAT',
    help: 'how objects are spelled in urlencoded and multipart bodies; the values of --query-object-format',
  },
  tokens: {
    kind: 'tokens',
    flag: 'token',
    default: [],
    pattern: HEADER_CREDENTIAL,
    invalid: 'must be a list of bearer tokens (visible characters, spaces within)',
    arg: 'T',
    help: 'accepted bearer token (repeatable; env: comma-separated); default: any token',
    readme: 'accepted bearer token; repeatable',
    readmeDefault: 'any token',
  },
  strictAuth: {
    kind: 'boolean',
    default: false,
    help: 'refuse bearer tokens outside RFC 6750 grammar (by default any non-empty token of the scheme passes)',
    readme: 'refuse bearer tokens outside RFC 6750 grammar (`Bearer My API Key`); by default any non-empty one passes',
  },
  strictAccept: {
    kind: 'boolean',
    default: false,
    help: "answer 406 to an Accept naming none of the answer's types (by default +json reads as JSON, else the first type)",
    readme:
      "answer `406` to an `Accept` naming none of the answer's types; by default `+json` reads as JSON, anything else gets the first documented type ([rule](docs/openapi-support.md#which-media-type-answers-accept))",
  },
  bodyLimit: {
    kind: 'size',
    default: 1024 * 1024,
    min: 1,
    max: 1024 ** 3,
    examples: '1048576, 512kb or 2mb',
    help: 'largest request body: bytes, or with kb/mb',
    readme: 'largest body: bytes, `512kb`, `2mb`',
  },
} as const satisfies Record<string, Declaration>;
