/**
 * The part of an operation's `__bundled__` one of its schemas reaches. Prism's validator compiles a
 * schema with the whole bundle beside it, and Ajv walks all of it on every compile: on Microsoft
 * Graph's document, where an operation's bundle holds thousands of shared schemas, checking the
 * examples of one operation (one compile per schema that has one) took half a minute. A schema
 * compiled with only what its `#/__bundled__/NAME` references reach, transitively, is checked the same.
 */
import { readFragmentToken } from '../json/json-pointer.js';

const PREFIX = '#/__bundled__/';

type Names = ReadonlySet<string>;
const EMPTY: Names = new Set();

/** Bundle names referenced anywhere below each object (not through references), memoised. */
const namesBelow = new WeakMap<object, Names>();
/** Each bundle's subsets, by the schema they were made for. */
const subsets = new WeakMap<object, WeakMap<object, Record<string, unknown> | undefined>>();

/** The entries of `bundle` that `schema` reaches, or undefined when it reaches none (or there is no bundle). */
export function bundleSubset(schema: object, bundle: unknown): Record<string, unknown> | undefined {
  if (bundle === null || typeof bundle !== 'object') return undefined;
  let made = subsets.get(bundle);
  if (!made) {
    made = new WeakMap();
    subsets.set(bundle, made);
  }
  if (made.has(schema)) return made.get(schema);
  const entries = bundle as Record<string, unknown>;
  const reached = new Set<string>();
  const pending = [...referencedBelow(schema)];
  while (pending.length > 0) {
    const name = pending.pop() as string;
    if (reached.has(name) || !Object.hasOwn(entries, name)) continue;
    reached.add(name);
    const entry = entries[name];
    if (entry !== null && typeof entry === 'object') pending.push(...referencedBelow(entry));
  }
  const subset = reached.size === 0 ? undefined : Object.fromEntries([...reached].map((name) => [name, entries[name]]));
  made.set(schema, subset);
  return subset;
}

function referencedBelow(node: object): Names {
  const known = namesBelow.get(node);
  if (known) return known;
  // A cycle of objects (none in a decycled document) ends here.
  namesBelow.set(node, EMPTY);
  let names: Set<string> | undefined;
  const add = (name: string) => {
    names ??= new Set();
    names.add(name);
  };
  for (const [key, value] of Array.isArray(node) ? node.entries() : Object.entries(node)) {
    // A schema carrying its own bundle (`{ ...schema, __bundled__ }`) is handed the subset instead.
    if (key === '__bundled__') continue;
    if (key === '$ref' && typeof value === 'string' && value.startsWith(PREFIX)) add(bundleName(value));
    else if (value !== null && typeof value === 'object') for (const name of referencedBelow(value)) add(name);
  }
  const result = names ?? EMPTY;
  namesBelow.set(node, result);
  return result;
}

/** `#/__bundled__/NAME/...` -> NAME, its pointer escapes undone. */
function bundleName(ref: string): string {
  return readFragmentToken(ref.slice(PREFIX.length).split('/', 1)[0] ?? '');
}
