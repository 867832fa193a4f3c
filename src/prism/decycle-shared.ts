import { pathToPointer } from './prism-internals.js';

/**
 * What Prism's reader's `decycle` makes of a dereferenced document, in linear time: a reference back
 * to an object on the way down becomes `{ $ref: <pointer of that ancestor> }`. The reader's copies every
 * object at every place it is reached, so a document whose schemas share sub-schemas many times over
 * (a dereferenced document is a graph) takes minutes. Here a part without any cycle is copied once and
 * the copy reused wherever the part recurs: the bundler only rewrites `$ref` objects, which only parts
 * with cycles hold, and those are copied per place as before. The transformers then describe a shared
 * schema once (its generated ids are those of the first place), so `expanded` tells how large the
 * reader's copy would be, for the caller to keep the reader's exact output where that is affordable.
 */
export function decycleShared(value: unknown): { readonly document: unknown; readonly expanded: number } {
  const onPath = new Map<object, string[]>();
  const acyclic = new WeakMap<object, Walked>();
  const walk = (node: unknown, path: string[]): Walked => {
    if (!isContainer(node)) return { out: node, cyclic: false, size: 1 };
    const ancestor = onPath.get(node);
    if (ancestor) return { out: { $ref: pathToPointer(ancestor) }, cyclic: true, size: 2 };
    const known = acyclic.get(node);
    if (known !== undefined) return known;
    onPath.set(node, path);
    let cyclic = false;
    let size = 1;
    const visit = (item: unknown, key: string) => {
      const child = walk(item, [...path, key]);
      cyclic ||= child.cyclic;
      size = Math.min(Number.MAX_SAFE_INTEGER, size + child.size);
      return child.out;
    };
    let out: unknown;
    if (Array.isArray(node)) {
      out = node.map((item, i) => visit(item, String(i)));
    } else {
      const copy: Record<string, unknown> = {};
      for (const key of Object.keys(node)) copy[key] = visit((node as Record<string, unknown>)[key], key);
      out = copy;
    }
    onPath.delete(node);
    const walked = { out, cyclic, size };
    if (!cyclic) acyclic.set(node, walked);
    return walked;
  };
  const { out, size } = walk(value, []);
  return { document: out, expanded: size };
}

interface Walked {
  readonly out: unknown;
  readonly cyclic: boolean;
  /** Objects, arrays and values the reader's copy would hold (cyclic parts counted as they are met). */
  readonly size: number;
}

function isContainer(value: unknown): value is object {
  if (Array.isArray(value)) return true;
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === null || prototype === Object.prototype;
}
