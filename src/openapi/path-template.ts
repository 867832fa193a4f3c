import { compileRe2 } from '../generate/re2-pattern.js';
import type { MockOperation, MockServerUrl } from './operation.js';
import { fragmentStart, queryStart, type TwinTraits, toldApart, twinTraits } from './operation-twins.js';

/**
 * OpenAPI path templates as the router reads them: literal text and `{name}` parameters mixed freely
 * in a segment (`/posts/{id}.json`, `/{a}-{b}`, `/certificates(thumbprint={thumbprint})`,
 * `/items;version={v}`), each parameter one segment's worth of characters at most.
 */
export interface CompiledTemplate {
  /** Matches a whole path; group i holds parameter i. */
  readonly pattern: PathPattern;
  readonly names: readonly string[];
  /** The template with every parameter written `{}`: two templates of one shape match the same paths. */
  readonly shape: string;
  /** Why the template cannot be routed as written, when it cannot (it is then matched as literal text). */
  readonly problem: string | undefined;
  /** Why some paths it matches may be split differently than the client meant, when they may. */
  readonly ambiguity: string | undefined;
}

const PARAMETER = /\{([^{}/]*)\}/g;

/**
 * `closed`: the values a parameter may take, by its position, where the document closes it (an `enum`).
 * Where two parameters touch (`{pageName}{mediaTypeExtension}`), nothing in the path says where one ends;
 * a closed one is then first matched to its values, and the split is a guess only when none fits.
 */
export function compileTemplate(path: string, closed?: (index: number) => readonly string[] | undefined): CompiledTemplate {
  const problem = malformed(path);
  if (problem !== undefined)
    return { pattern: pathPattern(escapeRegExp(path), '$', 0), names: [], shape: path, problem, ambiguity: undefined };
  const names: string[] = [];
  const parts = path.split(/(\{[^{}/]*\})/);
  const touches = (i: number) => (i >= 3 && parts[i - 1] === '') || (i + 2 < parts.length && parts[i + 1] === '');
  const values = parts.map((_, i) => (i % 2 === 1 && touches(i) ? closed?.((i - 1) / 2) : undefined));
  const isClosed = (i: number) => (values[i]?.length ?? 0) > 0;
  const tight = values.some((_, i) => isClosed(i));
  const sources = parts.map((part, i) => {
    if (i % 2 === 0) return [escapeRegExp(part), escapeRegExp(part)];
    names.push(part.slice(1, -1));
    if (isClosed(i)) return ['([^/]+)', `(${(values[i] as readonly string[]).map(escapeRegExp).join('|')})`];
    // Before a closed one it touches, as short as can be: the closed one takes the longest value that
    // ends the match (`.tar.gz`, not `.gz`; `.json`, not an allowed empty value).
    return ['([^/]+)', parts[i + 1] === '' && isClosed(i + 2) ? '([^/]+?)' : '([^/]+)'];
  });
  const source = sources.map(([loose]) => loose).join('');
  const loose = pathPattern(source, '$', sharingSegments(path));
  const tightened = tight ? pathPattern(sources.map(([, closedForm]) => closedForm).join(''), '$', sharingSegments(path)) : undefined;
  const duplicate = names.find((name, i) => names.indexOf(name) !== i);
  return {
    pattern: tightened === undefined ? loose : { source, exec: (sent) => tightened.exec(sent) ?? loose.exec(sent) },
    names,
    shape: path.replace(PARAMETER, '{}'),
    problem: duplicate === undefined ? undefined : `parameter {${duplicate}} appears twice`,
    ambiguity: /\}\{/.test(path) ? 'two parameters touch: where one ends is read from an enum of either, else guessed' : undefined,
  };
}

function malformed(path: string): string | undefined {
  let open = false;
  for (const char of path) {
    if (char === '{') {
      if (open) return 'a "{" inside a parameter';
      open = true;
    } else if (char === '}') {
      if (!open) return 'a "}" without its "{"';
      open = false;
    } else if (char === '/' && open) {
      return 'a parameter spans a "/"';
    }
  }
  if (open) return 'a "{" without its "}"';
  if (/\{\}/.test(path)) return 'a parameter without a name';
  return undefined;
}

/** A path pattern's match as `RegExp.exec` gives it: the text matched, then each group; null for none. */
export interface PathPattern {
  readonly source: string;
  exec(path: string): readonly string[] | null;
}

/**
 * Paths up to this long run on JavaScript's engine even where two parameters share one segment
 * (`/{name}.{ext}`): backtracking over them costs about the square of the length, a blink here.
 */
const NATIVE_PAIR_CHARS = 1024;

/**
 * `^source` followed by `end` (`$`, or `/` looked ahead and not taken). Parameters that share a segment
 * (`/{a}{b}{c}.json`) or optional variables side by side backtrack polynomially or exponentially on
 * JavaScript's engine over a path that almost matches, so such shapes run on RE2's linear-time
 * automaton: `overlap` is how many parameters share segments (or optional variables there are). A
 * single pair keeps the engine's speed on paths of usual length; the other shapes always keep it.
 */
function pathPattern(source: string, end: '$' | '/', overlap: number): PathPattern {
  const native = new RegExp(`^${source}${end === '$' ? '$' : '(?=/)'}`);
  const re2 = overlap > 1 ? compileRe2(`^(${source})${end}`) : undefined;
  if (re2 === undefined) return native;
  const nativeUpTo = overlap === 2 ? NATIVE_PAIR_CHARS : -1;
  return {
    source,
    exec(path) {
      if (path.length <= nativeUpTo) return native.exec(path);
      const matcher = re2.matcher(path);
      if (!matcher.lookingAt()) return null;
      // Group 1 is the whole match (RE2 has no lookahead to leave the `/` untaken); the template's follow.
      return Array.from({ length: matcher.groupCount() }, (_, i) => matcher.group(i + 1) ?? '');
    },
  };
}

/** How many parameters share a segment with another (`/{a}.{b}/{c}` has 2). */
function sharingSegments(template: string): number {
  return template.split('/').reduce((sum, segment) => {
    const count = segment.match(PARAMETER)?.length ?? 0;
    return count > 1 ? sum + count : sum;
  }, 0);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Orders templates most specific first, segment by segment from the left: a literal segment beats one
 * that mixes text and parameters (the more text, the better), which beats a bare parameter. So
 * `/users/me/{x}` wins over `/users/{id}/posts`, and `/posts/{id}.json` over `/posts/{id}`.
 */
export function bySpecificity(a: string, b: string): number {
  const left = a.split('/');
  const right = b.split('/');
  for (let i = 0; i < Math.min(left.length, right.length); i += 1) {
    const difference = segmentRank(left[i] ?? '') - segmentRank(right[i] ?? '');
    if (difference !== 0) return difference;
  }
  return literalLength(b) - literalLength(a);
}

/** Lower is more specific: literal, then text with parameters (by its text), then a bare parameter. */
function segmentRank(segment: string): number {
  if (!segment.includes('{')) return 0;
  const text = literalLength(segment);
  return text === 0 ? 2_000_000 : 1_000_000 - text;
}

function literalLength(template: string): number {
  return template.replace(PARAMETER, '').length;
}

/**
 * The path part of a server URL (`https://{region}.example.com/v1/{stage}` -> `/v1/{stage}`), and a
 * pattern matching it at the start of a request path: a variable takes one of its `enum` values, else
 * its default or any one segment; an `enum` holding `''` makes the segment optional. Undefined when the
 * server has no path beyond `/`.
 */
export function basePathOf(server: MockServerUrl): { readonly template: string; readonly prefix: PathPattern } | undefined {
  const path = server.url.replace(/^[a-z{][a-z0-9+.\-{}]*:\/\/[^/]*/i, '').replace(/[?#].*$/, '');
  const template = path.replace(/\/+$/, '');
  if (!template.startsWith('/') || template === '') return undefined;
  const parts = template.split(/(\{[^{}/]*\})/);
  // A closed variable that may be empty takes its segment's slash with it: `/api/{stage}` with `''` is `/api`.
  const takesSlash = (i: number) =>
    i % 2 === 1 && emptyAllowed(server, parts[i] ?? '') && (parts[i - 1] ?? '').endsWith('/') && /^(\/|$)/.test(parts[i + 1] ?? '');
  const source = parts
    .map((part, i) => {
      if (i % 2 === 0) return escapeRegExp(takesSlash(i + 1) ? part.slice(0, -1) : part);
      const variable = server.variables?.[part.slice(1, -1)];
      const values = [...(variable?.enum ?? []), ...(variable?.default === undefined ? [] : [variable.default])].map(String);
      const known = values.filter((v) => v !== '').map((v) => escapeRegExp(v.replace(/^\/+|\/+$/g, '')));
      const choice = `(?:${[...new Set(known)].join('|')}${variable?.enum?.length ? '' : `${known.length > 0 ? '|' : ''}[^/]+`})`;
      if (takesSlash(i)) return `(?:/${choice})?`;
      return emptyAllowed(server, part) ? `${choice}?` : choice;
    })
    .join('');
  const optional = parts.filter((part, i) => i % 2 === 1 && emptyAllowed(server, part)).length;
  return { template, prefix: pathPattern(source, '/', optional > 1 ? Number.POSITIVE_INFINITY : sharingSegments(template)) };
}

/** Whether a closed variable (one with an `enum`) may be empty. */
function emptyAllowed(server: MockServerUrl, part: string): boolean {
  const variable = server.variables?.[part.slice(1, -1)];
  return variable?.enum?.some((value) => String(value) === '') === true;
}

/**
 * The path a key routes: without a `#fragment` (AWS documents tell operations on one path apart by one,
 * `/2014-06-05/events#x-amz-Client-Context`, `/tags/{ResourceArn}#TagKeys`, which no request carries)
 * and without a `?query` part (`/combined_submissions?v=2`: the request carries it in its query).
 */
export function routedPath(path: string): string {
  const question = queryStart(path);
  const hash = fragmentStart(path);
  const end = question !== -1 ? question : hash;
  return end === -1 ? path : path.slice(0, end) || '/';
}

/** A path template the router cannot serve as the document means it. */
export interface RoutingProblem {
  readonly operation: string;
  readonly path: string;
  readonly message: string;
}

/**
 * What the router cannot do with the document's templates, found at load so that start-up names it
 * rather than a 404 later: malformed templates (served as literal text), ambiguous ones, and operations
 * no request can reach because an earlier one of the same method has the same shape (`/a/{x}` and
 * `/a/{y}`) and nothing else tells them apart (see operation-twins.ts).
 */
export function routingProblems(operations: readonly MockOperation[]): RoutingProblem[] {
  const problems: RoutingProblem[] = [];
  const earlierOf = new Map<string, { operation: MockOperation; traits: TwinTraits }[]>();
  for (const operation of operations) {
    const path = routedPath(operation.path);
    if (!path.includes('{') && !path.includes('}') && path === operation.path) continue;
    const { problem, ambiguity, shape, names } = compileTemplate(path);
    const report = (message: string) => problems.push({ operation: operation.id, path: operation.path, message });
    if (problem !== undefined) report(`${problem}; it is matched as literal text`);
    if (ambiguity !== undefined) report(ambiguity);
    const key = `${operation.method} ${shape}`;
    const traits = twinTraits(operation, names);
    const earlier = earlierOf.get(key) ?? [];
    earlierOf.set(key, earlier);
    // Twins the route stage tells apart (src/pipeline/route-twins.ts) are all reachable.
    const twin = earlier.find((other) => !toldApart(other.traits, traits));
    if (twin) report(`unreachable: ${twin.operation.method} ${twin.operation.path} matches every request it would`);
    earlier.push({ operation, traits });
  }
  return problems;
}
