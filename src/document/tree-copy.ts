/**
 * The one copier of a document's graph as a tree, as Prism's `decycle` copies it: its plain objects and
 * arrays copied, every other value kept as it is, a path that closes a cycle a reference to its
 * ancestor. The decycles of bounded-decycle.ts and shared-parts.ts differ only in which objects they
 * leave shared: a rule asked before each object is copied.
 *
 * The path is one stack and an ancestor is known by its depth, so a JSON pointer is written only where
 * a cycle closes or a rule asks for its place: a new path per node was most of the copy's time and
 * garbage on documents whose paths run deep (Microsoft Graph's).
 */
import { isPlainObject } from '../json/json-object.js';
import { pathToPointer } from '../json/json-pointer.js';

type Node = Record<string, unknown>;

/**
 * What stands at a place instead of a copy of `node` (a shared copy, a reference), or undefined to copy
 * it. `place` gives the place's path (a new array, made only when asked for).
 */
export type Instead = (node: object, place: () => readonly string[]) => unknown;

export interface TreeCopyRules {
  /** The path of the copy's root (a shared part's place under `__bundled__`); none for a document. */
  readonly base?: readonly string[];
  readonly instead?: Instead;
}

export function copyTree(value: unknown, rules: TreeCopyRules = {}): unknown {
  const { instead } = rules;
  const path: string[] = [...(rules.base ?? [])];
  const depths = new Map<object, number>();
  const place = () => path.slice();
  const copy = (node: unknown): unknown => {
    if (!Array.isArray(node) && !isPlainObject(node)) return node;
    const object = node as object;
    const depth = depths.get(object);
    if (depth !== undefined) return { $ref: pathToPointer(path.slice(0, depth)) };
    if (instead !== undefined) {
      const made = instead(object, place);
      if (made !== undefined) return made;
    }
    depths.set(object, path.length);
    let out: unknown[] | Node;
    if (Array.isArray(object)) {
      out = new Array(object.length);
      for (let i = 0; i < object.length; i++) {
        path.push(String(i));
        out[i] = copy(object[i]);
        path.pop();
      }
    } else {
      out = {};
      for (const key of Object.keys(object)) {
        path.push(key);
        const item = copy((object as Node)[key]);
        path.pop();
        // An own `__proto__` (JSON.parse makes one) stays a property; assigned, it would set the prototype.
        if (key === '__proto__') Object.defineProperty(out, key, { value: item, enumerable: true, writable: true, configurable: true });
        else out[key] = item;
      }
    }
    depths.delete(object);
    return out;
  };
  return copy(value);
}
