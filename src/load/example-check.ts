import { isJsonObject } from '../json/json-object.js';
import { escapeToken } from '../json/json-pointer.js';
import type { JsonSchema } from '../json/json-schema.js';
import type { DocumentLint } from '../openapi/document-lint.js';
import { mediaKind } from '../openapi/media-type.js';
import type { ContentVerdict, MockContent, MockHeader, MockOperation } from '../openapi/operation.js';
import { itemSchemaOf, type SequentialKind, sequentialKind } from '../openapi/sequential-media.js';
import { unsatisfiable } from '../openapi/unsatisfiable-schema.js';
import { checkDocumentValue } from '../prism/prism-engine.js';

/** The words a schema gives for its own values; each must fit the schema it stands in. */
const WORDS = ['example', 'examples', 'default'] as const;
/** Where a schema's sub-schemas are, by keyword: one schema, a list of them, or a map of them. */
const ONE = ['items', 'additionalProperties', 'not', 'contains', 'if', 'then', 'else', 'unevaluatedItems'];
const LIST = ['allOf', 'oneOf', 'anyOf', 'prefixItems'];
const MAP = ['properties', 'patternProperties'];
const ROOT_MAP = [...MAP, '__bundled__'];
/** Combinations whose branches an answer merges into their parent (see flatten-combinations.ts). */
const COMBINED = ['allOf', 'oneOf', 'anyOf'];
const MAX_DEPTH = 64;
const MAX = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * Gives every response content of an operation a verdict on its examples, worked out on first use:
 * which media-type examples break the content's schema, and the schema without the `example`,
 * `examples` and `default` words that break their own (sub-)schema, for the answers built from it.
 * Each invalid value is added to `lint` once, with its JSON pointer. Nothing is checked here: it runs
 * as each operation is read from the document (on its first use), and `sweep` checks others early.
 */
export function exampleChecks(
  lint: DocumentLint,
  swagger: boolean,
  cleaned = new WeakMap<object, JsonSchema>(),
): (operation: MockOperation) => MockOperation {
  return (operation) => {
    const base = `/paths/${escapeToken(operation.path)}/${operation.method.toLowerCase()}/responses`;
    const report: Report = (pointer, kind, message) => lint.add({ kind, pointer, operation: operation.id, message });
    return {
      ...operation,
      responses: operation.responses.map((response) => {
        const at = `${base}/${escapeToken(response.code)}`;
        return {
          ...response,
          contents: response.contents.map((content) =>
            checkedContent(content, swagger ? at : `${at}/content/${escapeToken(content.mediaType)}`, swagger, report, cleaned),
          ),
          headers: response.headers.map((header) =>
            checkedHeader(header, `${at}/headers/${escapeToken(header.name)}`, swagger, report, cleaned),
          ),
        };
      }),
    };
  };
}

/** A content whose verdict is worked out on first call; `at`: its JSON pointer (Swagger 2.0: the response or body parameter). */
export function checkedContent(
  content: MockContent,
  at: string,
  swagger: boolean,
  report: Report,
  cleaned: WeakMap<object, JsonSchema>,
): MockContent {
  let verdict: ContentVerdict | undefined;
  const pointers: Pointers = {
    example: (name) =>
      swagger
        ? `${at}/examples/${escapeToken(content.mediaType)}`
        : name === 'default'
          ? `${at}/example`
          : `${at}/examples/${escapeToken(name)}/value`,
    schema: `${at}/schema`,
  };
  return { ...content, verdict: () => (verdict ??= checkContent(content, pointers, report, cleaned)) };
}

/** A response header, checked like a content: its examples, then its schema's words (Swagger 2.0: on the header itself). */
function checkedHeader(header: MockHeader, at: string, swagger: boolean, report: Report, cleaned: WeakMap<object, JsonSchema>): MockHeader {
  let verdict: ContentVerdict | undefined;
  const pointers: Pointers = {
    example: (name) => (name === '__default' ? `${at}/example` : `${at}/examples/${escapeToken(name)}/value`),
    schema: swagger ? at : `${at}/schema`,
  };
  const content: MockContent = { mediaType: 'application/json', schema: header.schema, examples: header.examples };
  return { ...header, verdict: () => (verdict ??= checkContent(content, pointers, report, cleaned)) };
}

/** Documents whose sweep has started: servers on one loaded document share it. */
const SWEPT = new WeakSet<DocumentLint>();
/**
 * How much of the process's time the sweep may take in all. Checking an operation reads it from the
 * document first, which a large document leaves until the operation is used: past this, the rest is
 * checked as each operation is first used (and the lint says it is not complete).
 */
const SWEEP_BUDGET_MS = 2000;

/**
 * Checks the operations' examples a slice at a time (a few milliseconds, then the event loop goes on),
 * so that what is wrong is reported soon after start-up without delaying it or any answer.
 */
export function sweep(operations: readonly MockOperation[], lint: DocumentLint, sliceMs = 5, budgetMs = SWEEP_BUDGET_MS): DropSweep {
  return sweepAll([{ operations, lint }], sliceMs, budgetMs);
}

/** Drops a sweep that has not begun (its documents may be swept by another); once begun, it runs on. */
export type DropSweep = () => void;

/** The documents of one server, one after the other, within the one budget a single document has. */
export function sweepAll(
  documents: readonly {
    readonly operations: readonly MockOperation[];
    readonly lint: DocumentLint;
    /** Checks outside the operations (the document's webhooks), run once they are done. */
    readonly rest?: () => void;
  }[],
  sliceMs = 5,
  budgetMs = SWEEP_BUDGET_MS,
): DropSweep {
  const pending = documents.filter(({ lint }) => !SWEPT.has(lint));
  for (const { lint } of pending) SWEPT.add(lint);
  let document = 0;
  let next = 0;
  let spent = 0;
  let begun = false;
  const slice = () => {
    begun = true;
    const started = performance.now();
    const until = started + sliceMs;
    while (document < pending.length && performance.now() < until) {
      const { operations, lint, rest } = pending[document] as (typeof pending)[number];
      if (next < operations.length) {
        const operation = operations[next];
        if (operation) for (const verdict of verdictsOf(operation)) verdict();
        next += 1;
      }
      if (next >= operations.length) {
        rest?.();
        lint.complete = true;
        document += 1;
        next = 0;
      }
    }
    spent += performance.now() - started;
    if (document < pending.length && spent < budgetMs) setTimeout(slice, 0).unref();
  };
  if (pending.length === 0) return () => undefined;
  const first = setTimeout(slice, 0).unref();
  return () => {
    if (begun) return;
    clearTimeout(first);
    for (const { lint } of pending) SWEPT.delete(lint);
  };
}

/** A stream's example lists its items (or is one): each is checked against the item schema. */
function itemProblems(kind: SequentialKind, content: MockContent, value: unknown): string[] {
  const schema = kind === 'sse' ? undefined : itemSchemaOf(kind, content.schema, content.itemSchema);
  if (schema === undefined) return [];
  const bundle = content.schema?.__bundled__;
  return (Array.isArray(value) ? value : [value]).flatMap((item, i) =>
    checkDocumentValue(schema, approximate(item), bundle).map((problem) => `item ${i}: ${problem}`),
  );
}

export type Report = (pointer: string, kind: 'example' | 'default' | 'schema', message: string) => void;

/** Where a value's examples and its schema are in the document. */
export interface Pointers {
  example(name: string): string;
  readonly schema: string;
}

/** Every check an operation has: its responses' contents and headers, its parameters, request body and callbacks' bodies. */
export function verdictsOf(operation: MockOperation): (() => ContentVerdict)[] {
  const all: ((() => ContentVerdict) | undefined)[] = [];
  for (const response of operation.responses) {
    for (const content of response.contents) all.push(content.verdict);
    for (const header of response.headers) all.push(header.verdict);
  }
  for (const parameter of operation.parameters ?? []) all.push(parameter.verdict);
  for (const content of operation.requestBody?.contents ?? []) all.push(content.verdict);
  for (const callback of operation.callbacks ?? []) {
    for (const content of callback.requestBody?.contents ?? []) all.push(content.verdict);
    for (const header of callback.headers) all.push(header.verdict);
  }
  return all.filter((verdict) => verdict !== undefined);
}

export function checkContent(
  content: MockContent,
  pointers: Pointers,
  report: Report,
  cleaned: WeakMap<object, JsonSchema>,
): ContentVerdict {
  const schema = content.schema;
  const invalid = new Map<string, string>();
  if (!schema) return { invalid, schema };
  const bundle = schema.__bundled__;
  const json = mediaKind(content.mediaType) === 'json';
  const sequential = sequentialKind(content.mediaType);
  for (const example of content.examples) {
    // Text examples of other media types are the body as written (XML, CSV), not a value of the schema.
    if (!json && typeof example.value === 'string') continue;
    const problems =
      sequential === undefined
        ? checkDocumentValue(schema, approximate(example.value), bundle)
        : itemProblems(sequential, content, example.value);
    if (problems.length === 0) continue;
    const message = problems.slice(0, 3).join('; ');
    invalid.set(example.name, message);
    report(pointers.example(example.name), 'example', message);
  }
  const dialect = typeof schema.$schema === 'string' ? schema.$schema : undefined;
  return { invalid, schema: clean(schema, { at: pointers.schema, bundle, dialect, report, cleaned }, 0) };
}

interface Walk {
  readonly at: string;
  readonly bundle: unknown;
  readonly dialect: string | undefined;
  readonly report: Report;
  readonly cleaned: WeakMap<object, JsonSchema>;
}

/**
 * The schema without its invalid words, sharing every part that had none. A dereferenced document
 * shares its component schemas: each is checked once (and reported at the first place met).
 */
function clean(schema: JsonSchema, walk: Walk, depth: number): JsonSchema {
  const known = walk.cleaned.get(schema);
  if (known) return known;
  if (depth > MAX_DEPTH) return schema;
  walk.cleaned.set(schema, schema);
  let copy: Record<string, unknown> | undefined;
  const set = (key: string, value: unknown) => {
    copy ??= { ...schema };
    if (value === undefined) delete copy[key];
    else copy[key] = value;
  };
  const why = unsatisfiable(schema);
  if (why !== undefined) walk.report(walk.at, 'schema', `no value can satisfy it: ${why}`);
  const below = (value: unknown, at: string, from = walk): unknown =>
    isJsonObject(value) ? clean(value, { ...from, at }, depth + 1) : value;
  for (const key of ONE) {
    if (!isJsonObject(schema[key])) continue;
    const child = below(schema[key], `${walk.at}/${key}`);
    if (child !== schema[key]) set(key, child);
  }
  for (const key of LIST) {
    const list = schema[key];
    if (!Array.isArray(list)) continue;
    const children = list.map((item, i) => below(item, `${walk.at}/${key}/${i}`));
    if (children.some((child, i) => child !== list[i])) set(key, children);
  }
  // At the root, the parts Prism's bundler moved out of cycles (`#/__bundled__/…`): answers are made from
  // them too. Each is a copy of a part the schema reaches inline first, where its words were reported.
  for (const key of depth === 0 ? ROOT_MAP : MAP) {
    const map = schema[key];
    if (!isJsonObject(map)) continue;
    const from = key === '__bundled__' ? { ...walk, report: () => {} } : walk;
    const entries = Object.entries(map).map(([name, item]) => [name, below(item, `${walk.at}/${key}/${escapeToken(name)}`, from)] as const);
    if (entries.some(([name, child]) => child !== map[name])) set(key, Object.fromEntries(entries));
  }
  if (typeof schema.$ref !== 'string' && WORDS.some((word) => schema[word] !== undefined)) {
    for (const [word, value] of unfitWords(schema, ownSchema(copy ?? schema, walk.dialect), walk, walk.at)) set(word, value);
  }
  // A branch's words stand for the whole value (an answer merges the branch into its parent), so they
  // must fit the whole: box.com's `allOf: [{$ref: User}, {example: [{id: 1}, {type: user}]}]`.
  for (const key of COMBINED) {
    const list = (copy ?? schema)[key];
    if (!Array.isArray(list)) continue;
    let whole: JsonSchema | undefined;
    const checked = list.map((branch: unknown, i) => {
      if (!isJsonObject(branch) || typeof branch.$ref === 'string' || !WORDS.some((word) => branch[word] !== undefined)) return branch;
      whole ??= ownSchema(copy ?? schema, walk.dialect);
      const unfit = unfitWords(branch, whole, walk, `${walk.at}/${key}/${i}`);
      if (unfit.length === 0) return branch;
      const fitting: Record<string, unknown> = { ...branch };
      for (const [word, value] of unfit) {
        if (value === undefined) delete fitting[word];
        else fitting[word] = value;
      }
      return fitting;
    });
    if (checked.some((branch, i) => branch !== list[i])) set(key, checked);
  }
  const result = copy ?? schema;
  walk.cleaned.set(schema, result);
  return result;
}

/** The words of `node` that `own` refuses, each with what is left of it (undefined: nothing), reported at `at`. */
function unfitWords(node: JsonSchema, own: JsonSchema, walk: Walk, at: string): [string, unknown][] {
  const unfit: [string, unknown][] = [];
  for (const word of WORDS) {
    const value = node[word];
    if (value === undefined) continue;
    if (word === 'examples') {
      // 3.1: a list of values. An empty or non-list `examples` gives the generator nothing valid.
      const list = Array.isArray(value) ? value : [];
      // Prism's reader turns a schema's `example` (any version's) into `examples: [value]`: a list of
      // one may have been either, a longer one was written as `examples`.
      const pointer = (i: number) => (list.length > 1 ? `${at}/examples/${i}` : `${at}/example`);
      const kept = list.filter((item, i) => fits(own, item, walk, pointer(i), 'example'));
      if (kept.length !== list.length || kept.length === 0) unfit.push(['examples', kept.length === 0 ? undefined : kept]);
    } else if (!fits(own, value, walk, `${at}/${word}`, word === 'default' ? 'default' : 'example')) {
      unfit.push([word, undefined]);
    }
  }
  return unfit;
}

function fits(schema: JsonSchema, value: unknown, walk: Walk, pointer: string, kind: 'example' | 'default'): boolean {
  const problems = checkDocumentValue(alike(schema, walk.bundle), approximate(value), walk.bundle);
  if (problems.length === 0) return true;
  walk.report(pointer, kind, problems.slice(0, 3).join('; '));
  return false;
}

/**
 * One schema object per content, for the schemas words are checked against: each is a new copy (its
 * words left out, see ownSchema), and Prism compiles a validator per schema object, so a document
 * with `example` on thousands of properties compiled thousands of alike `{type: string}` (GitHub's:
 * most of a minute and a few hundred megabytes to check all). Per bundle (what its references
 * reach), of a bounded size; the most recent kept.
 */
const ALIKE = new WeakMap<object, Map<string, JsonSchema>>();
const NO_BUNDLE = {};
const ALIKE_MAX_TEXT = 16 * 1024;
const ALIKE_KEEP = 4096;
function alike(schema: JsonSchema, bundle: unknown): JsonSchema {
  let text: string;
  try {
    text = JSON.stringify(schema, (key, value) => (key === '__bundled__' ? undefined : value));
  } catch {
    return schema;
  }
  if (text === undefined || text.length > ALIKE_MAX_TEXT) return schema;
  const owner = bundle !== null && typeof bundle === 'object' ? bundle : NO_BUNDLE;
  let known = ALIKE.get(owner);
  if (!known) {
    known = new Map();
    ALIKE.set(owner, known);
  }
  const earlier = known.get(text);
  if (earlier !== undefined) return earlier;
  known.set(text, schema);
  if (known.size > ALIKE_KEEP) known.delete(known.keys().next().value as string);
  return schema;
}

/** The schema a word is checked against: itself without its words, in the document's JSON Schema dialect. */
function ownSchema(schema: JsonSchema, dialect: string | undefined): JsonSchema {
  const own: Record<string, unknown> = { ...schema };
  for (const word of WORDS) delete own[word];
  if (dialect !== undefined && own.$schema === undefined) own.$schema = dialect;
  return own;
}

/**
 * Exact big integers (see exact-examples.ts) are checked as the nearest safe integer: the reader's
 * schemas bound int64 to ±(2^53 - 1), which a documented int64 beyond it must not break.
 */
function approximate(value: unknown): unknown {
  if (typeof value === 'bigint') return Number(value > MAX ? MAX : value < -MAX ? -MAX : value);
  if (Array.isArray(value)) return value.map(approximate);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([key, item]) => [key, approximate(item)]));
  }
  return value;
}
