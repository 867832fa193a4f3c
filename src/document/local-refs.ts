/**
 * Dereferencing a document's local `$ref`s one part at a time. Prism's reader dereferences the whole
 * document before it transforms any operation; on a large document that, and making every operation
 * self-contained, is most of start-up, for operations nobody may call. This resolves only what one
 * operation reaches, in place and once, with the reference parser's semantics: a reference is replaced
 * by the object it points at (the same object everywhere it is referenced, so cycles stay cycles), and
 * a reference with sibling keys by a copy of its target with those keys added (an "extended" reference).
 * Documents that reference other files or URLs keep the reference parser's whole-document path.
 */
import { readFragmentToken } from '../json/json-pointer.js';

type Node = Record<string, unknown>;

export interface LocalReferences {
  /** Replaces every `$ref` reachable from `node` (its own, if it is one, excepted) with its target, in place. */
  resolveWithin(node: unknown): void;
  /** The target of a reference object, dereferenced; a non-reference is returned as it is. */
  follow(node: unknown): unknown;
}

/** The distinct `$ref` strings of a document, or undefined when one of them leaves it (another file, a URL). */
export function localReferencesOf(root: unknown): Set<string> | undefined {
  const refs = new Set<string>();
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object') continue;
    if (Array.isArray(node)) {
      for (const item of node) if (item !== null && typeof item === 'object') stack.push(item);
      continue;
    }
    for (const key in node) {
      const value = (node as Node)[key];
      if (key === '$ref' && typeof value === 'string') {
        if (!value.startsWith('#')) return undefined;
        refs.add(value);
      } else if (value !== null && typeof value === 'object') stack.push(value);
    }
  }
  return refs;
}

/**
 * Checks at load what the reference parser checks there: every pointer names something. The message is
 * the parser's own, so a broken document fails at start-up as it always has, not at its first request.
 */
export function missingPointer(root: unknown, refs: Iterable<string>): string | undefined {
  for (const ref of refs) {
    if (lookup(root, ref, new Set()) === undefined)
      return `Error resolving $ref pointer "${ref}". Token "${lastToken(ref)}" does not exist.`;
  }
  return undefined;
}

/**
 * A name for each object a reference of the document points at, made from its pointer's last token
 * (numbered on where two are alike), before any reference is resolved: the same names whichever
 * operation is read first. Names are safe as a JSON pointer token and never `shared_N`, the names
 * bounded-decycle.ts gives an operation's own parts.
 */
export function referenceTargets(root: unknown, refs: Iterable<string>): Map<object, string> {
  const names = new Map<object, string>();
  const taken = new Set<string>();
  for (const ref of refs) {
    const target = lookup(root, ref, new Set());
    if (target === null || typeof target !== 'object' || Array.isArray(target) || names.has(target)) continue;
    const stem = lastToken(ref).replace(/[^A-Za-z0-9_.-]/g, '_') || 'part';
    let name = /^shared_\d+$/.test(stem) ? `${stem}_1` : stem;
    for (let n = 2; taken.has(name); n++) name = `${stem}_${n}`;
    taken.add(name);
    names.set(target, name);
  }
  return names;
}

export function createLocalReferences(root: unknown): LocalReferences {
  const done = new WeakSet<object>();

  const follow = (node: unknown): unknown => {
    if (!isReference(node)) return node;
    const target = lookup(root, node.$ref, new Set());
    if (target === undefined || target === null || typeof target !== 'object') return target ?? node;
    const resolved = isExtended(node) ? extend(node, target as Node) : target;
    resolveWithin(resolved);
    return resolved;
  };

  const resolveWithin = (start: unknown): void => {
    if (start === null || typeof start !== 'object' || done.has(start)) return;
    done.add(start);
    const stack: object[] = [start];
    while (stack.length > 0) {
      const node = stack.pop() as Node;
      for (const key of Object.keys(node)) {
        let value = node[key];
        if (isReference(value)) {
          value = follow(value);
          node[key] = value;
        }
        if (value !== null && typeof value === 'object' && !done.has(value)) {
          done.add(value);
          stack.push(value);
        }
      }
    }
  };

  return { resolveWithin, follow };
}

function isReference(node: unknown): node is Node & { $ref: string } {
  return node !== null && typeof node === 'object' && typeof (node as Node).$ref === 'string';
}

function isExtended(node: Node): boolean {
  for (const key in node) if (key !== '$ref') return true;
  return false;
}

/** The objects made by merging a `$ref` with its siblings: each stands where a reference stood. */
const MERGED = new WeakSet<object>();

/** Whether an object was made from a `$ref` with siblings, so a reference may stand in its place. */
export function isMerged(value: object): boolean {
  return MERGED.has(value);
}

function extend(reference: Node, target: Node): Node {
  const merged: Node = {};
  MERGED.add(merged);
  for (const key of Object.keys(reference)) if (key !== '$ref') merged[key] = reference[key];
  for (const key of Object.keys(target)) if (!(key in merged)) merged[key] = target[key];
  return merged;
}

/** The value a local pointer names, following references met on the way; undefined when it names nothing. */
function lookup(root: unknown, ref: string, seen: Set<string>): unknown {
  if (seen.has(ref)) return undefined;
  seen.add(ref);
  let at: unknown = root;
  for (const token of tokens(ref)) {
    if (isReference(at)) at = lookup(root, at.$ref, seen);
    if (at === null || typeof at !== 'object' || !Object.hasOwn(at, token)) return undefined;
    at = (at as Node)[token];
  }
  return isReference(at) && !isExtended(at) ? (lookup(root, at.$ref, seen) ?? at) : at;
}

function tokens(ref: string): string[] {
  const pointer = ref.slice(1);
  if (pointer === '' || pointer === '/') return pointer === '' ? [] : [''];
  return pointer.slice(1).split('/').map(readFragmentToken);
}

function lastToken(ref: string): string {
  const all = tokens(ref);
  return all[all.length - 1] ?? '';
}
