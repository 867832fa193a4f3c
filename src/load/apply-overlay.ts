import { exec, type Path } from 'jsonpath-rfc9535';
import { MockConfigError } from '../config-error.js';
import { isJsonObject } from '../json/json-object.js';
import type { Overlay, OverlayAction } from './overlay-document.js';

type Node = Record<string, unknown> | unknown[];

/**
 * How many nodes all the overlays of one load may add: a copy that appends an array to itself doubles it
 * at each action, and forty of them would need more memory than any machine has.
 */
export const MAX_ADDED_NODES = 2_000_000;

/**
 * Applies overlays to a parsed document in place, in order, each action to the result of the one before
 * (OpenAPI Overlay 1.0 and 1.1). Returns a warning for each action whose target matches nothing; an
 * action that cannot be applied (a copy that selects no single node, an update of the wrong kind) is a
 * MockConfigError naming it. The document's root is never replaced: `$` may be updated, not removed.
 */
export function applyOverlays(document: Record<string, unknown>, overlays: readonly Overlay[]): string[] {
  const warnings: string[] = [];
  let added = 0;
  for (const overlay of overlays) {
    for (const action of overlay.actions) {
      const targets: Path[] = [];
      exec(document as never, action.target, (_value, path) => targets.push(path));
      if (targets.length === 0) {
        warnings.push(`${action.name}: its target matches nothing; the action changed nothing`);
        continue;
      }
      if (action.remove) {
        remove(document, targets, action);
        continue;
      }
      const value = mergedValue(document, action);
      // Counted before anything is copied: what the action adds is at most its value once per target.
      added += nodeCount(value, MAX_ADDED_NODES - added + 1) * targets.length;
      if (added > MAX_ADDED_NODES) {
        throw new MockConfigError(
          `${action.name}: the overlays would add more than ${MAX_ADDED_NODES} nodes to the document; split or narrow them`,
        );
      }
      update(document, targets, action, overlay.version, value);
    }
  }
  return warnings;
}

/** What the action merges in: its `update`, or a copy of the one node its `copy` selects. */
function mergedValue(document: Record<string, unknown>, action: OverlayAction): unknown {
  if (action.copy === undefined) return action.update;
  const found: unknown[] = [];
  exec(document as never, action.copy, (value) => found.push(value));
  if (found.length !== 1)
    throw new MockConfigError(`${action.name}: its copy ${JSON.stringify(action.copy)} selects ${found.length} nodes, not one`);
  return found[0];
}

function remove(document: Record<string, unknown>, targets: readonly Path[], action: OverlayAction): void {
  // Array items from the last: removing one moves the index of every item after it.
  const index = (path: Path) => {
    const last = path[path.length - 1];
    return typeof last === 'number' ? last : -1;
  };
  const ordered = [...targets].sort((a, b) => index(b) - index(a));
  for (const path of ordered) {
    if (path.length === 0) throw new MockConfigError(`${action.name}: the document itself cannot be removed`);
    const parent = nodeAt(document, path.slice(0, -1));
    const key = path[path.length - 1] as string | number;
    if (Array.isArray(parent)) parent.splice(Number(key), 1);
    else if (parent) delete parent[key];
  }
}

function update(
  document: Record<string, unknown>,
  targets: readonly Path[],
  action: OverlayAction,
  version: '1.0' | '1.1',
  value: unknown,
): void {
  const bad = (why: string) => new MockConfigError(`${action.name}: ${why}`);
  for (const path of targets) {
    const target = nodeAt(document, path);
    if (Array.isArray(target)) {
      // 1.0 appends the value as one entry; 1.1 concatenates an array and appends anything else.
      // Copied before the first push (the value may be this very array), and pushed one at a time: a
      // spread of a long array overflows the stack.
      const items = structuredClone(version === '1.1' && Array.isArray(value) ? value : [value]);
      for (const item of items) target.push(item);
    } else if (isJsonObject(target)) {
      if (!isJsonObject(value)) throw bad(`it targets an object, so its ${what(action)} must be an object to merge`);
      merge(target, value, bad);
    } else {
      if (version === '1.0') throw bad('it targets a value that is no object or array, which Overlay 1.0 cannot update: target its parent');
      if (isJsonObject(value) || Array.isArray(value)) throw bad(`it targets a primitive value, so its ${what(action)} must be one too`);
      const parent = nodeAt(document, path.slice(0, -1));
      const key = path[path.length - 1] as string | number;
      if (parent) (parent as Record<string | number, unknown>)[key] = value;
    }
  }
}

/** Overlay's merge: new properties are added, primitives replaced, arrays concatenated, objects merged. */
function merge(target: Record<string, unknown>, value: Record<string, unknown>, bad: (why: string) => Error, at = ''): void {
  for (const [key, given] of Object.entries(value)) {
    const pointer = `${at}/${key}`;
    if (!Object.hasOwn(target, key)) {
      target[key] = structuredClone(given);
      continue;
    }
    const current = target[key];
    if (Array.isArray(current) && Array.isArray(given)) for (const item of structuredClone(given)) current.push(item);
    else if (isJsonObject(current) && isJsonObject(given)) merge(current, given, bad, pointer);
    else if (isPrimitive(current) && isPrimitive(given)) target[key] = given;
    else throw bad(`at ${pointer} it would merge ${kind(given)} into ${kind(current)}: remove the property first, then add it`);
  }
}

/** The nodes of a value (itself, its members and items, at any depth), counted up to `limit`. */
function nodeCount(value: unknown, limit: number): number {
  let count = 0;
  const pending: unknown[] = [value];
  while (pending.length > 0 && count < limit) {
    const node = pending.pop();
    count += 1;
    if (Array.isArray(node)) for (const item of node) pending.push(item);
    else if (isJsonObject(node)) for (const member of Object.values(node)) pending.push(member);
  }
  return count;
}

function nodeAt(document: Node, path: Path): Node | undefined {
  let node: unknown = document;
  for (const key of path) node = (node as Record<string | number, unknown>)[key];
  return typeof node === 'object' && node !== null ? (node as Node) : undefined;
}

function isPrimitive(value: unknown): boolean {
  return value === null || typeof value !== 'object';
}

function kind(value: unknown): string {
  return Array.isArray(value) ? 'an array' : isJsonObject(value) ? 'an object' : 'a primitive value';
}

function what(action: OverlayAction): string {
  return action.copy === undefined ? 'update' : 'copied value';
}
