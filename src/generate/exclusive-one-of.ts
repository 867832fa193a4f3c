import { isJsonObject } from '../json/json-object.js';
import { fragmentToken, resolveFragment } from '../json/json-pointer.js';
import type { JsonSchema } from '../json/json-schema.js';
import { branchValidators, type SchemaCheck } from './branch-validators.js';
import { makeExclusive } from './one-of-edits.js';

type Schema = Record<string, unknown>;
const MAX_DEPTH = 64;
/**
 * Schema nodes one value's walk may visit: depth alone does not bound it (a part that is an `allOf` of
 * itself twice doubles the walk at every level); past it the rest of the value is taken as it is.
 */
const MAX_VISITS = 100_000;

/**
 * What makes a generated value fit the `oneOf`s of its schema strictly: a value under a `oneOf` must
 * match exactly one branch, yet branches that overlap (none requires what tells it apart: lgtm's
 * `task-result`) let a realistic value match two or three. Each such value is checked against every
 * branch and changed until it matches only the one it was made for (one-of-edits.ts); where no change
 * does it, the part is left out where its parent lets it be (an optional property, an array item
 * beyond `minItems`). Undefined for a schema without `oneOf`, so the values of most schemas are never
 * walked. Built once per schema; each branch's check is compiled on first use (branch-validators.ts).
 */
export function exclusiveOneOf(root: JsonSchema): ((value: unknown) => unknown) | undefined {
  if (!hasOneOf(root)) return undefined;
  const walker = new Walker(root, branchValidators(root));
  return (value) => {
    walker.visits = 0;
    const settled = walker.visit(value, root as Schema, '', 0);
    return settled.value;
  };
}

/** Whether a `oneOf` is anywhere in the schema (its bundled definitions included, so behind any reference). */
function hasOneOf(node: unknown, seen = new WeakSet<object>()): boolean {
  if (node === null || typeof node !== 'object' || seen.has(node)) return false;
  seen.add(node);
  if (!Array.isArray(node) && Array.isArray((node as Schema).oneOf)) return true;
  return Object.values(node).some((child) => hasOneOf(child, seen));
}

/** A value after the walk, and whether every `oneOf` in it now matches exactly one branch. */
interface Settled {
  readonly value: unknown;
  readonly exclusive: boolean;
}

class Walker {
  readonly #root: JsonSchema;
  readonly #check: (pointer: string) => SchemaCheck | undefined;
  /** Whether a `oneOf` lies under a schema node, references followed: a branch without one needs no copy nor walk. */
  readonly #reaches = new Map<object, boolean>();
  /** Nodes visited by the current value's walk (see MAX_VISITS). */
  visits = 0;

  constructor(root: JsonSchema, check: (pointer: string) => SchemaCheck | undefined) {
    this.#root = root;
    this.#check = check;
  }

  /** The value made to fit the schema at `pointer` strictly; changed in place where it is an object or array. */
  visit(value: unknown, node: Schema, pointer: string, depth: number): Settled {
    if (depth > MAX_DEPTH || ++this.visits > MAX_VISITS) return { value, exclusive: true };
    if (typeof node.$ref === 'string') {
      const target = resolveFragment(this.#root, node.$ref);
      return isJsonObject(target) ? this.visit(value, target, node.$ref.slice(1), depth + 1) : { value, exclusive: true };
    }
    let exclusive = this.#visitParts(value, node, pointer, depth);
    let current = value;
    // A part's oneOf may answer a changed value (a copy with a property more): the next part walks that.
    const take = (settled: Settled) => {
      current = settled.value;
      exclusive = settled.exclusive && exclusive;
    };
    if (Array.isArray(node.allOf))
      node.allOf.forEach((part, i) => {
        if (isJsonObject(part)) take(this.visit(current, part, `${pointer}/allOf/${i}`, depth + 1));
      });
    if (Array.isArray(node.anyOf)) take(this.#visitAnyOf(current, node.anyOf, `${pointer}/anyOf`, depth));
    if (Array.isArray(node.oneOf)) take(this.#visitOneOf(current, node.oneOf, `${pointer}/oneOf`, depth));
    return { value: current, exclusive };
  }

  /** Properties and items, each walked; one that cannot be made to fit is left out where the schema lets it. */
  #visitParts(value: unknown, node: Schema, pointer: string, depth: number): boolean {
    let exclusive = true;
    if (Array.isArray(value) && isJsonObject(node.items)) {
      const minItems = typeof node.minItems === 'number' ? node.minItems : 0;
      for (let i = 0; i < value.length; i += 1) {
        const settled = this.visit(value[i], node.items, `${pointer}/items`, depth + 1);
        value[i] = settled.value;
        if (settled.exclusive) continue;
        if (value.length > minItems) value.splice(i--, 1);
        else exclusive = false;
      }
    } else if (isJsonObject(value) && !Array.isArray(value)) {
      const properties = isJsonObject(node.properties) ? node.properties : {};
      const required = new Set(Array.isArray(node.required) ? node.required.map(String) : []);
      for (const [name, item] of Object.entries(value)) {
        const own = Object.hasOwn(properties, name) && isJsonObject(properties[name]);
        const schema = own ? properties[name] : node.additionalProperties;
        if (!isJsonObject(schema)) continue;
        const at = own ? `${pointer}/properties/${fragmentToken(name)}` : `${pointer}/additionalProperties`;
        const settled = this.visit(item, schema, at, depth + 1);
        value[name] = settled.value;
        if (settled.exclusive) continue;
        if (!required.has(name)) delete value[name];
        else exclusive = false;
      }
    }
    return exclusive;
  }

  /** The value settled for the first branch holding a `oneOf` that it then matches; else as it is. */
  #visitAnyOf(value: unknown, branches: unknown[], pointer: string, depth: number): Settled {
    for (let i = 0; i < branches.length; i += 1) {
      const branch = branches[i];
      if (!isJsonObject(branch) || !this.#reachesOneOf(branch)) continue;
      // Settled on a copy first: an overlapping oneOf inside is what keeps the value from fitting its branch.
      const settled = this.visit(
        typeof value === 'object' && value !== null ? structuredClone(value) : value,
        branch,
        `${pointer}/${i}`,
        depth + 1,
      );
      if (this.#check(`${pointer}/${i}`)?.(settled.value)) return settled;
    }
    return { value, exclusive: true };
  }

  /**
   * The value for the first branch it can be made to fit (its nested parts settled on a copy first),
   * then made to match that branch alone. A value that fits no branch is left as it is: what is wrong
   * with it is not the overlap.
   */
  #visitOneOf(value: unknown, branches: unknown[], pointer: string, depth: number): Settled {
    const checks = branches.map((_, i) => this.#check(`${pointer}/${i}`));
    if (checks.some((check) => check === undefined)) return { value, exclusive: true };
    const known = checks as SchemaCheck[];
    for (let i = 0; i < branches.length; i += 1) {
      const branch = branches[i];
      if (!isJsonObject(branch)) continue;
      const nested = this.#reachesOneOf(branch);
      const candidate = nested && typeof value === 'object' && value !== null ? structuredClone(value) : value;
      const settled = nested ? this.visit(candidate, branch, `${pointer}/${i}`, depth + 1) : { value, exclusive: true };
      if (!known[i]?.(settled.value)) continue;
      const exclusive = makeExclusive(settled.value, i, known, (at) => this.#branch(branches, at));
      return exclusive === undefined ? { value: settled.value, exclusive: false } : { value: exclusive, exclusive: true };
    }
    return { value, exclusive: true };
  }

  #reachesOneOf(node: unknown, open = new Set<object>()): boolean {
    if (node === null || typeof node !== 'object' || open.has(node)) return false;
    const known = this.#reaches.get(node);
    if (known !== undefined) return known;
    open.add(node);
    const schema = node as Schema;
    const target = typeof schema.$ref === 'string' ? resolveFragment(this.#root, schema.$ref) : undefined;
    const reaches =
      (!Array.isArray(node) && Array.isArray(schema.oneOf)) ||
      this.#reachesOneOf(target, open) ||
      Object.values(node).some((child) => this.#reachesOneOf(child, open));
    open.delete(node);
    this.#reaches.set(node, reaches);
    return reaches;
  }

  /** A branch with its reference followed, to read its properties and words. */
  #branch(branches: unknown[], at: number): Schema {
    let branch = branches[at];
    for (let hops = 0; isJsonObject(branch) && typeof branch.$ref === 'string' && hops < 8; hops += 1)
      branch = resolveFragment(this.#root, branch.$ref);
    return isJsonObject(branch) ? branch : {};
  }
}
