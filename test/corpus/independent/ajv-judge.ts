/**
 * An independent judge of the mock's answers: Ajv on the document as written (its references
 * resolved by Ajv itself), neither the mock's own checks nor Prism's. OpenAPI 3.1 schemas are JSON
 * Schema 2020-12; 3.0 and Swagger 2.0 ones are read as draft 7 after the usual conversion of their
 * boolean `exclusiveMinimum`/`exclusiveMaximum`, their `nullable` read as OpenAPI 3.0 defines it, and
 * a `required` property that is `writeOnly` required of requests only, as OpenAPI 3.0 says (and
 * `$id`, which neither version knows, left out).
 * Patterns run with the `u` flag where they compile with it (`\P{C}` means a property only then),
 * else without it: many public documents escape characters that need no escape, which `u` refuses;
 * Java's classes (`\p{XDigit}`, `\p{Alpha}`) read as Java reads them, by the judge's own rewrite
 * (java-classes.ts). `format: url`, in neither JSON Schema's formats nor OpenAPI's registry, is judged as
 * `uri` (or empty, a URL unset), as the mock reads it: ajv-formats' own `url` wants a public host name,
 * which neither RFC 3986 nor the WHATWG URL standard asks for.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { documentRegExp } from '../harness/valid-values.js';

/** ajv-formats is CommonJS whose default export TypeScript's NodeNext reading cannot call. */
const addFormats = createRequire(import.meta.url)('ajv-formats') as (ajv: Ajv | Ajv2020) => void;

import { parse } from 'yaml';

type Node = Record<string, unknown>;

export interface Judge {
  /** What is wrong with a JSON answer of `status` for the operation, empty when it is valid or not judged. */
  (path: string, method: string, status: number, mediaType: string, body: unknown): string[];
}

export function ajvJudge(file: string): Judge {
  const text = readFileSync(file, 'utf8');
  const root = (file.endsWith('.json') ? JSON.parse(text) : parse(text)) as Node;
  const modern = typeof root.openapi === 'string' && root.openapi.startsWith('3.1');
  if (!modern) readAsOpenApi30(root, new WeakSet(), root);
  else dropTypelessNullable(root, new WeakSet());
  const options = {
    strict: false,
    validateSchema: false,
    allErrors: true,
    code: { regExp: Object.assign(documentRegExp, { code: 'documentRegExp' }) },
  } as const;
  const ajv = modern ? new Ajv2020(options) : new Ajv(options);
  addFormats(ajv);
  const uri = ajv.formats.uri as (text: string) => boolean;
  ajv.addFormat('url', { type: 'string', validate: (text: string) => text === '' || uri(text) });
  ajv.addSchema(root as object, 'doc');
  const compiled = new Map<string, ValidateFunction | undefined>();
  return (path, method, status, mediaType, body) => {
    const pointer = schemaPointer(root, path, method, status, mediaType);
    if (pointer === undefined) return [];
    let validate = compiled.get(pointer);
    if (!compiled.has(pointer)) {
      validate = ajv.compile({ $ref: `doc#${pointer}` });
      compiled.set(pointer, validate);
    }
    if (!validate || validate(body)) return [];
    return (validate.errors ?? []).slice(0, 3).map((e) => `${e.instancePath || '(root)'} ${e.message ?? ''}`);
  };
}

/** The JSON pointer of the schema of a response, following `$ref`s on the way; undefined when there is none. */
function schemaPointer(root: Node, path: string, method: string, status: number, mediaType: string): string | undefined {
  const token = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');
  let at = follow(root, { node: root, pointer: '' }, ['paths', path, method.toLowerCase(), 'responses']);
  const responses = at?.node;
  if (!at || !responses) return undefined;
  const code = [String(status), `${String(status)[0]}XX`, `${String(status)[0]}xx`, 'default'].find((c) => c in responses);
  if (code === undefined) return undefined;
  at = follow(root, at, [code]);
  if (!at) return undefined;
  if (typeof root.swagger === 'string') return at.node.schema === undefined ? undefined : `${at.pointer}/schema`;
  const content = follow(root, at, ['content']);
  const type = Object.keys(content?.node ?? {}).find((t) => t.split(';')[0]?.trim().toLowerCase() === mediaType);
  if (!content || type === undefined) return undefined;
  const media = follow(root, content, [type]);
  return media?.node.schema === undefined ? undefined : `${media.pointer}/schema`;
  function follow(doc: Node, from: { node: Node; pointer: string }, keys: string[]): { node: Node; pointer: string } | undefined {
    let current = from;
    for (const key of keys) {
      const next = current.node[key];
      if (next === null || typeof next !== 'object') return undefined;
      current = resolve(doc, { node: next as Node, pointer: `${current.pointer}/${token(key)}` });
    }
    return current;
  }
}

function resolve(root: Node, at: { node: Node; pointer: string }): { node: Node; pointer: string } {
  let current = at;
  for (let hops = 0; typeof current.node.$ref === 'string' && current.node.$ref.startsWith('#/') && hops < 16; hops += 1) {
    const pointer = current.node.$ref.slice(1);
    const node = pointer
      .slice(1)
      .split('/')
      .reduce<unknown>((n, raw) => (n as Node | undefined)?.[raw.replace(/~1/g, '/').replace(/~0/g, '~')], root);
    if (node === null || typeof node !== 'object') break;
    current = { node: node as Node, pointer };
  }
  return current;
}

/**
 * OpenAPI 3.1 knows no `nullable`, yet documents carry it (codat.io's). Beside a `type`, Ajv reads it as
 * 3.0 does (null admitted, the lenient reading); without one Ajv refuses the whole schema, where 3.1
 * simply ignores the word: so it is left out there.
 */
function dropTypelessNullable(node: unknown, seen: WeakSet<object>): void {
  if (node === null || typeof node !== 'object' || seen.has(node)) return;
  seen.add(node);
  const schema = node as Node;
  if (!Array.isArray(node) && 'nullable' in schema && schema.type === undefined) delete schema.nullable;
  for (const value of Object.values(schema)) dropTypelessNullable(value, seen);
}

function readAsOpenApi30(node: unknown, seen: WeakSet<object>, root: Node): void {
  if (node === null || typeof node !== 'object' || seen.has(node)) return;
  seen.add(node);
  if (Array.isArray(node)) {
    for (const item of node) readAsOpenApi30(item, seen, root);
    return;
  }
  const schema = node as Node;
  // OpenAPI 3.0's `nullable: true` admits null whatever else the schema says (an `enum` without null
  // included); Ajv's `nullable` only widens a `type`, and refuses a schema without one.
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum = [...schema.enum, null];
  if ('nullable' in schema && schema.type === undefined) delete schema.nullable;
  for (const [bound, limit] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof schema[bound] !== 'boolean') continue;
    if (schema[bound] === true && typeof schema[limit] === 'number') {
      schema[bound] = schema[limit];
      delete schema[limit];
    } else delete schema[bound];
  }
  // OpenAPI 3.0 and Swagger 2.0 know no `$id`; Ajv reads one anywhere, even in an example that shows a
  // JSON Schema (akeneo.com's), and refuses two alike.
  if (typeof schema.$id === 'string') delete schema.$id;
  // Answers are judged: a required `writeOnly` property is required of requests only.
  const properties = schema.properties;
  if (Array.isArray(schema.required) && properties !== null && typeof properties === 'object')
    schema.required = schema.required.filter((name) => {
      const property = (properties as Node)[String(name)];
      return !(property && typeof property === 'object' && resolve(root, { node: property as Node, pointer: '' }).node.writeOnly === true);
    });
  for (const value of Object.values(schema)) readAsOpenApi30(value, seen, root);
}
