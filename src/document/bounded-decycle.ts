/**
 * Prism's reader decycles a dereferenced document by copying it as a tree, turning only references to
 * an ancestor into `$ref`s. A document whose schemas share large parts many times over (Stripe's, where
 * one operation's tree would hold about 10^8 nodes) never finishes that copy, and one whose tree holds
 * tens of thousands of nodes (Azure's application gateways) makes Ajv compile that whole tree. An
 * operation whose tree stays under TREE_BUDGET is decycled as Prism's own function does (treeDecycle); a
 * larger one keeps its large shared parts shared (see shared-parts.ts, or, for a document read whole,
 * the first copy of each part referenced after), which the bundling that follows moves into the
 * operation's `__bundled__` like the references of a cycle.
 */
import { pathToPointer, resolveFragment } from '../json/json-pointer.js';
import { BUNDLED, type SharedParts, unfoldsPast } from './shared-parts.js';
import { copyTree } from './tree-copy.js';

/** Nodes of an operation's tree above which its shared parts stay shared. */
const TREE_BUDGET = 20_000;
/** The same for a document read whole, whose tree is estimated (each object counted once per first path). */
const WHOLE_BUDGET = 200_000;
/** A shared part of more nodes than this is copied once and referenced after; smaller ones are copied each time. */
const SHARED_PART = 64;

type Node = Record<string, unknown>;

/**
 * The decycled document, and whether large shared parts were kept shared (then bundleShared makes each
 * operation self-contained). With `parts`, the document's named parts are the ones every operation shares.
 */
export function boundedDecycle(document: unknown, parts?: SharedParts): { readonly document: unknown; readonly shared: boolean } {
  if (parts) {
    // Counting first is cheaper than a copy given up at the budget: a walk allocates nothing, and on
    // Stripe's document every operation passes the budget.
    return unfoldsPast(document, TREE_BUDGET)
      ? { document: parts.decycle(document), shared: true }
      : { document: treeDecycle(document), shared: false };
  }
  const sizes = new Map<object, number>();
  if (treeSize(document, sizes, new Set()) <= WHOLE_BUDGET) return { document: treeDecycle(document), shared: false };
  const firstCopy = new Map<object, readonly string[]>();
  const instead = (node: object, place: () => readonly string[]) => {
    const earlier = firstCopy.get(node);
    if (earlier === undefined) firstCopy.set(node, place());
    else if ((sizes.get(node) ?? 0) > SHARED_PART) return { $ref: pathToPointer(earlier) };
    return undefined;
  };
  return { document: copyTree(document, { instead }), shared: true };
}

/**
 * Prism's `decycle`, the same copy: a tree of the plain objects and arrays, a reference to its ancestor
 * where a path closes a cycle. Prism's writes the JSON pointer of every object it enters (to have it
 * ready for a cycle); on a large document's operations that was most of reading one (Microsoft
 * Graph's, whose paths run deep). Here a pointer is written only for a cycle that closes, and an own
 * `__proto__` key stays a property (Prism's assignment set the copy's prototype).
 */
export function treeDecycle(document: unknown): unknown {
  return copyTree(document);
}

/**
 * Makes an operation read from a document decycled with shared parts self-contained: every reference
 * into that document becomes a reference into the operation's `__bundled__`, which holds the parts
 * referenced (themselves rewritten the same way), and the document's shared parts it reaches. The
 * document is rewritten in place: it is the operation's own, made for this one reading (the shared
 * parts hold only references to `__bundled__`, which are never rewritten).
 */
export function bundleShared(operation: Node, document: unknown, parts?: SharedParts): Node {
  const bundled: Node = {};
  const names = new Map<string, string>();
  const pending: unknown[] = [operation];
  const reached: string[] = [];
  while (pending.length > 0) {
    const node = pending.pop();
    if (node === null || typeof node !== 'object') continue;
    if (parts?.isPart(node)) {
      reached.push(...parts.namesIn(node));
      continue;
    }
    const ref = (node as Node).$ref;
    if (typeof ref === 'string' && ref.startsWith(BUNDLED)) reached.push(ref.slice(BUNDLED.length).split('/', 1)[0] ?? '');
    else if (typeof ref === 'string' && ref.startsWith('#/')) {
      let name = names.get(ref);
      if (name === undefined) {
        name = `shared_${names.size + 1}`;
        names.set(ref, name);
        bundled[name] = resolveFragment(document, ref);
        pending.push(bundled[name]);
      }
      (node as Node).$ref = `${BUNDLED}${name}`;
    }
    for (const value of Array.isArray(node) ? node : Object.values(node))
      if (value !== null && typeof value === 'object') pending.push(value);
  }
  if (parts) for (const [name, part] of parts.closure(reached)) bundled[name] = part;
  return Object.keys(bundled).length === 0 ? operation : { ...operation, __bundled__: bundled };
}

/** Nodes of the tree a value unfolds to, each cycle counted once; memoised per object. */
function treeSize(value: unknown, sizes: Map<object, number>, onPath: Set<object>): number {
  if (value === null || typeof value !== 'object') return 1;
  const known = sizes.get(value);
  if (known !== undefined) return known;
  if (onPath.has(value)) return 1;
  onPath.add(value);
  let size = 1;
  for (const item of Array.isArray(value) ? value : Object.values(value)) {
    size += treeSize(item, sizes, onPath);
    if (size > Number.MAX_SAFE_INTEGER / 4) break;
  }
  onPath.delete(value);
  sizes.set(value, size);
  return size;
}
