/**
 * The large parts of a document that its operations share, each copied once for the whole document.
 * Above bounded-decycle.ts's tree budget an operation keeps its large shared parts as references into
 * its `__bundled__`; copied per operation and named in the order met, Stripe's operations held about
 * 2 MB each of copies alike, and each copy was a new schema object for Prism's validators to compile.
 * Here a part is what a reference of the document points at (named once, at load, from its pointer)
 * and unfolds to more than SHARED_PART nodes: its copy is made on first use and handed to every
 * operation that reaches it, under the same name. Inside a part every other part is a reference, so a
 * part's copy does not depend on the operation that met it first. Nothing may mutate a part's copy.
 */

import { pathToPointer } from '../json/json-pointer.js';
import { isMerged } from './local-refs.js';
import { copyTree } from './tree-copy.js';

export const BUNDLED = '#/__bundled__/';
/** A part of more nodes than this is shared; a smaller one is copied at each place. */
const SHARED_PART = 64;

export interface SharedParts {
  /** A copy of the operation's document (decycled) holding each shared part it reaches itself (the same object at every place). */
  decycle(document: unknown): unknown;
  /** Whether a value is the copy of a shared part. */
  isPart(value: object): boolean;
  /** The names of the parts a part's copy references. */
  namesIn(part: object): readonly string[];
  /** The named parts and every part they reach, by name. */
  closure(names: Iterable<string>): Map<string, object>;
}

/** `names`: a name, unique in the document and safe in a JSON pointer, for each object a reference points at. */
export function createSharedParts(names: ReadonlyMap<object, string>): SharedParts {
  const large = new WeakMap<object, boolean>();
  const copies = new Map<object, object>();
  const sources = new Map<string, object>();
  const referenced = new WeakMap<object, readonly string[]>();

  const isLarge = (value: object): boolean => {
    let big = large.get(value);
    if (big === undefined) {
      big = unfoldsPast(value, SHARED_PART);
      large.set(value, big);
    }
    return big;
  };

  const partName = (value: object): string | undefined => {
    const name = names.get(value);
    if (name === undefined || !isLarge(value)) return undefined;
    sources.set(name, value);
    return name;
  };

  /**
   * Copies `value` as a tree, each cycle a reference to its ancestor. In a part (`top`), every other part
   * is a reference (recorded in `refs`); in an operation (no `top`), each part is its shared copy itself.
   */
  const copyOf = (value: unknown, base: readonly string[], top: object | undefined, refs: Set<string>) => {
    const firstCopy = new Map<object, string>();
    const instead = (node: object, place: () => readonly string[]): unknown => {
      const name = node === top ? undefined : partName(node);
      if (name !== undefined) {
        // The operation's own schemas stay objects (the mock reads their properties), its parts' are references.
        if (top === undefined) return partCopy(node, name);
        refs.add(name);
        return { $ref: `${BUNDLED}${name}` };
      }
      // A `$ref` with siblings is merged into a new object no pointer names: met again, a large one is a
      // reference to its first copy (unfolded at each place, a document nesting them doubles per level).
      if (!isMerged(node)) return undefined;
      const earlier = firstCopy.get(node);
      if (earlier === undefined) firstCopy.set(node, pathToPointer(place()));
      else if (isLarge(node)) return { $ref: earlier };
      return undefined;
    };
    return copyTree(value, { base, instead });
  };

  const partCopy = (source: object, name: string): object => {
    const known = copies.get(source);
    if (known) return known;
    const refs = new Set<string>();
    const made = copyOf(source, ['__bundled__', name], source, refs) as object;
    copies.set(source, made);
    referenced.set(made, [...refs]);
    return made;
  };

  const byName = (name: string): object | undefined => {
    const source = sources.get(name);
    return source === undefined ? undefined : partCopy(source, name);
  };

  return {
    decycle: (document) => copyOf(document, [], undefined, new Set()),
    isPart: (value) => referenced.has(value),
    namesIn: (part) => referenced.get(part) ?? [],
    closure(start) {
      const found = new Map<string, object>();
      const pending = [...start];
      while (pending.length > 0) {
        const name = pending.pop() as string;
        if (found.has(name)) continue;
        const part = byName(name);
        if (part === undefined) continue;
        found.set(name, part);
        pending.push(...(referenced.get(part) ?? []));
      }
      return found;
    },
  };
}

/** Whether a value unfolds to a tree of more than `limit` nodes (each cycle cut where it closes), counted only that far. */
export function unfoldsPast(value: unknown, limit: number): boolean {
  let count = 0;
  const onPath = new Set<object>();
  const walk = (node: unknown): boolean => {
    count += 1;
    if (count > limit) return true;
    if (node === null || typeof node !== 'object' || onPath.has(node)) return false;
    onPath.add(node);
    for (const item of Array.isArray(node) ? node : Object.values(node)) if (walk(item)) return true;
    onPath.delete(node);
    return false;
  };
  return walk(value);
}
