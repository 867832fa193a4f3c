import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { ContentCache, contentKey } from '../cache/content-cache.js';
import type { DocumentCache } from '../cache/document-cache.js';
import { MockConfigError } from '../config-error.js';
import { dropEarlyParse, takeEarlyParse } from '../document/early-parse.js';
import { documentDialect } from '../document/json-schema-dialect.js';
import { documentPatterns, patternFindings } from '../document/linear-regexp.js';
import { hasAnchor } from '../document/yaml-fast.js';
import { parseYaml } from '../document/yaml-parser.js';
import { isJsonObject } from '../json/json-object.js';
import { escapeToken } from '../json/json-pointer.js';
import type { JsonSchema } from '../json/json-schema.js';
import { parseJsonExactly } from '../json/parse-json.js';
import { callbackProblems } from '../openapi/callback-lint.js';
import { DocumentLint } from '../openapi/document-lint.js';
import { exactExamples } from '../openapi/exact-examples.js';
import type { MockCallback, MockOperation, MockServerUrl } from '../openapi/operation.js';
import { routingProblems } from '../openapi/path-template.js';
import { nextStep, type StartUpProgress } from '../openapi/start-up-bound.js';
import { isPostmanCollection, postmanAsOpenApi } from '../prism/postman-document.js';
import { loadOperations, type ReferenceRules } from '../prism/prism-engine.js';
import { ADMIN_PREFIX } from '../protocol.js';
import { applyOverlays } from './apply-overlay.js';
import { type DropSweep, exampleChecks, sweepAll } from './example-check.js';
import type { Overlay } from './overlay-document.js';
import { checkedCallback, requestChecks } from './request-example-check.js';

export interface LoadedSpec {
  readonly path: string;
  readonly title: string;
  readonly version: string;
  readonly operations: readonly MockOperation[];
  /** The document's own servers (Swagger 2.0: its basePath), where a document mounted by them is served. */
  readonly servers: readonly MockServerUrl[];
  /** What the mock found wrong in the document: at load (routing), then as the examples are checked. */
  readonly lint: DocumentLint;
  /** OpenAPI 3.1's top-level `webhooks`, by name, each read from the document when first asked for. */
  readonly webhooks: ReadonlyMap<string, () => MockCallback | undefined>;
  /** The overlay actions whose target matched nothing (docs/overlays.md), each a sentence naming it. */
  readonly overlayWarnings: readonly string[];
}

interface CachedSpec extends LoadedSpec {
  /** Other files the document references, with a key of the content they were read with (none for a URL). */
  readonly references: readonly { readonly path: string; readonly key: string | undefined }[];
}

/**
 * Documents already loaded in this process, by path and content: a server on the same document reuses
 * the operations (and what their validators compiled so far) instead of building them again. Shared
 * between servers, so nothing in it is ever written after it is built.
 */
const SPECS = new ContentCache<CachedSpec>(8);

/**
 * Reads and checks the document, then compiles its operations, or takes them from the process's cache
 * when the document (and every file it references) reads the same. Every failure is a MockConfigError
 * whose one-line message names the file: unreadable, not YAML/JSON, not OpenAPI, unresolvable references.
 * A start-up `progress` is moved on from step to step of a build (see start-up-bound.ts); a YAML
 * document's parsed value is read from, and kept in, `cache` when one is given.
 */
export async function loadSpec(
  path: string,
  progress?: StartUpProgress,
  overlays: readonly Overlay[] = [],
  refs: ReferenceRules = { remote: false },
  cache?: DocumentCache,
): Promise<LoadedSpec> {
  if (progress) progress.step = `reading spec ${path}`;
  const text = readSpec(path);
  const remote = refs.remote ? ['remote refs'] : [];
  const key = contentKey(resolve(path), text, ...overlays.flatMap((overlay) => [overlay.file, overlay.text]), ...remote);
  const cached = await SPECS.get(key, () => buildSpec(path, text, overlays, refs, progress, cache));
  if (await unchanged(cached.references)) return cached.path === path ? cached : { ...cached, path };
  // A referenced file changed since: this server builds its own, the cache keeps what it has.
  return buildSpec(path, text, overlays, refs, progress, cache);
}

/**
 * Read synchronously: every server's creation reads the document to key the cache by content, and an
 * asynchronous read is several round trips through libuv's thread pool, each waiting for the OS to
 * schedule a pool thread: on a busy machine, longer than the rest of a creation from the cache.
 */
function readSpec(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new MockConfigError(
      `cannot read spec ${path}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : (error as Error).message}`,
    );
  }
}

async function buildSpec(
  path: string,
  text: string,
  overlays: readonly Overlay[],
  refs: ReferenceRules,
  progress?: StartUpProgress,
  cache?: DocumentCache,
): Promise<CachedSpec> {
  await nextStep(progress, `parsing spec ${path} (${(text.length / 1e6).toFixed(1)} MB)`);
  // JSON is read as JSON: YAML's parser is many times slower on it. Malformed JSON, or JSON with
  // duplicate keys, goes to the YAML parser, which reports either with its line.
  const json = parseJsonExactly(text);
  // A large YAML document parsed on an earlier run (document-cache.ts), or that the CLI began parsing
  // as it started (early-parse.ts), when it read this text.
  const kept = json ? undefined : cache?.get(text);
  if (kept) dropEarlyParse();
  const early = json || kept ? undefined : await takeEarlyParse(path, text);
  let document: unknown;
  try {
    document = json ? json.value : kept ? kept.value : early ? early.value : parseYaml(text, { prettyErrors: true, uniqueKeys: true });
  } catch (error) {
    throw new MockConfigError(`spec ${path} is not valid YAML or JSON: ${firstLine(error)}`);
  }
  // Kept before anything changes it; a text with anchors is left out: its aliases are shared values JSON would copy.
  if (cache && !json && !kept && !hasAnchor(text)) cache.put(text, document);
  const postman = isPostmanCollection(document);
  const root = postman ? openApiOfPostman(path, document as Record<string, unknown>) : isJsonObject(document) ? document : undefined;
  if (!root || (typeof root.openapi !== 'string' && root.swagger !== '2.0')) {
    throw new MockConfigError(
      `spec ${path} is not an OpenAPI document: it has no "openapi: 3.x" (or "swagger: 2.0") field, nor is it a Postman collection`,
    );
  }
  // Overlays change the document as parsed, before anything reads or checks it.
  const overlayWarnings = applyOverlays(root, overlays);
  // OpenAPI 3.1 makes `paths` optional: a document may describe only the webhooks an API sends.
  const webhooksOnly = root.paths === undefined && root.webhooks !== null && typeof root.webhooks === 'object';
  if (!webhooksOnly && (root.paths === null || typeof root.paths !== 'object'))
    throw new MockConfigError(`spec ${path} has no "paths" object`);
  const info = (root.info ?? {}) as Record<string, unknown>;
  const [title, version] = [String(info.title ?? 'API'), String(info.version ?? '')];
  const lint = new DocumentLint();
  // The exact integers are read from the text, which an overlay no longer matches.
  const exact = overlays.length === 0 && !postman ? exactExamples(text) : undefined;
  const swagger = root.swagger === '2.0';
  // One memo of cleaned schemas: a schema shared by a request and a response is checked (and reported) once.
  const cleaned = new WeakMap<object, JsonSchema>();
  const checkResponses = exampleChecks(lint, swagger, cleaned);
  const checkRequests = requestChecks(lint, swagger, root, cleaned);
  const checkExamples = (operation: MockOperation) => checkRequests(checkResponses(operation));
  let loaded: Awaited<ReturnType<typeof loadOperations>>;
  await nextStep(progress, `listing the operations of spec ${path} and checking its references`);
  try {
    // The document is handed over parsed: the reader would parse it again the same way (JSON.parse, or
    // the same YAML parser; a document with duplicate keys, which it would take, was refused above).
    loaded = await loadOperations(path, root, (operation) => checkExamples(exact ? exact(operation) : operation), refs);
  } catch (error) {
    throw new MockConfigError(`spec ${path} cannot be loaded: ${firstLine(error)}`);
  }
  const operations = loaded.operations;
  if (operations.length === 0 && loaded.webhooks.size === 0) throw new MockConfigError(`spec ${path} defines no operations or webhooks`);
  const reserved = operations.find((op) => op.path === ADMIN_PREFIX || op.path.startsWith(`${ADMIN_PREFIX}/`));
  if (reserved) throw new MockConfigError(`spec ${path} defines ${reserved.path}, but ${ADMIN_PREFIX}/ is reserved for the mock itself`);
  await nextStep(progress, `checking the callbacks and path templates of spec ${path} (${operations.length} operations)`);
  for (const problem of callbackProblems(root)) lint.add(problem);
  const unknownDialect = documentDialect(root)?.unknown;
  if (unknownDialect !== undefined) {
    const message = `${JSON.stringify(unknownDialect)} is no JSON Schema dialect the mock knows: the schemas are judged as JSON Schema 2020-12`;
    lint.add({ kind: 'schema', pointer: '/jsonSchemaDialect', message });
  }
  for (const problem of routingProblems(operations)) {
    lint.add({ kind: 'routing', pointer: `/paths/${escapeToken(problem.path)}`, operation: problem.operation, message: problem.message });
  }
  // Found now, judged after start-up (document-lint.ts): warnings only, most of the time of this step.
  const patterns = documentPatterns(root);
  lint.defer(() => {
    for (const { pointer, pattern, check } of patternFindings(patterns)) {
      const how = check === 'loose' ? 'checked loosely: only what it rejects without them is rejected' : 'not enforced';
      const message = `${JSON.stringify(pattern)} uses lookaround or backreferences, which the linear-time engine cannot run, and could backtrack: ${how}`;
      lint.add({ kind: 'pattern', pointer, message });
    }
  });
  return {
    path,
    title,
    version,
    operations,
    servers: serversOf(root),
    lint,
    webhooks: checkedWebhooks(loaded.webhooks, lint, cleaned, root),
    overlayWarnings,
    references: await referencesOf(path, loaded.sources),
  };
}

/** The webhooks, each with its request body's examples checked when it is first read (see request-example-check.ts). */
function checkedWebhooks(
  webhooks: ReadonlyMap<string, () => MockCallback | undefined>,
  lint: DocumentLint,
  cleaned: WeakMap<object, JsonSchema>,
  root: object | undefined,
): ReadonlyMap<string, () => MockCallback | undefined> {
  const report = (name: string) => (pointer: string, kind: 'example' | 'default' | 'schema', message: string) =>
    lint.add({ kind, pointer, operation: `webhook ${name}`, message });
  return new Map(
    [...webhooks].map(([name, read]) => {
      let made: { callback: MockCallback | undefined } | undefined;
      const checked = () => {
        const callback = read();
        made ??= { callback: callback && checkedCallback(callback, `/webhooks/${escapeToken(name)}`, report(name), cleaned, root) };
        return made.callback;
      };
      return [name, checked] as const;
    }),
  );
}

function serversOf(root: Record<string, unknown>): readonly MockServerUrl[] {
  if (root.swagger === '2.0') return typeof root.basePath === 'string' ? [{ url: root.basePath }] : [];
  const servers = Array.isArray(root.servers) ? root.servers : [];
  return servers.filter((server): server is MockServerUrl => typeof (server as MockServerUrl | null)?.url === 'string');
}

/** The other files a document drew on, each with a key of its content now; URLs are read anew each time. */
async function referencesOf(path: string, sources: readonly string[]): Promise<CachedSpec['references']> {
  const others = sources.filter((source) => resolve(source) !== resolve(path));
  return Promise.all(others.map(async (other) => ({ path: other, key: await keyOf(other) })));
}

async function keyOf(source: string): Promise<string | undefined> {
  if (/^https?:/i.test(source)) return undefined;
  return readFile(source, 'utf8').then(
    (text) => contentKey(text),
    () => 'unreadable',
  );
}

async function unchanged(references: CachedSpec['references']): Promise<boolean> {
  for (const reference of references) {
    const key = reference.key === undefined ? undefined : await keyOf(reference.path);
    if (key === undefined || key !== reference.key) return false;
  }
  return true;
}

/** A Postman collection as the OpenAPI document it is served as (src/prism/postman-document.ts). */
function openApiOfPostman(path: string, collection: Record<string, unknown>): Record<string, unknown> {
  try {
    return postmanAsOpenApi(collection);
  } catch (error) {
    throw new MockConfigError(`spec ${path} is a Postman collection that cannot be read: ${firstLine(error)}`);
  }
}

function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0]?.trim() ?? message;
}

/**
 * Checks the document's examples soon after start-up, off the request path (see example-check.ts);
 * what is found is reported through `spec.lint`. Once per loaded document, whatever the number of servers;
 * the documents of one server share one sweep's time.
 */
export function checkExamplesSoon(...specs: readonly LoadedSpec[]): DropSweep {
  return sweepAll(specs.map((spec) => ({ operations: spec.operations, lint: spec.lint, rest: () => checkRestOfDocument(spec) })));
}

/** The checks outside the operations: the examples of the document's webhooks, the checks left until after start-up. */
export function checkRestOfDocument({ webhooks, lint }: LoadedSpec): void {
  for (const read of webhooks.values()) for (const content of read()?.requestBody?.contents ?? []) content.verdict?.();
  lint.settle();
}
