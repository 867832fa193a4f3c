import { isJsonObject } from '../json/json-object.js';
import type { SchemaCheck } from './branch-validators.js';

type Schema = Record<string, unknown>;

/** Plain values that fail most typed schemas: each is tried where another branch must be told apart. */
const PROBES: readonly unknown[] = [null, false, 0, '', [], {}];
/** Changes made to one value at most: each must leave fewer branches matched than before. */
const MAX_EDITS = 8;

/**
 * The value changed so that it matches the `target` branch of a `oneOf` and no other, or undefined
 * where no change found does it. First for the target itself, then for each other branch it already
 * matches. The changes tried, in order (each kept only where the value still matches its branch and
 * fewer branches than before): an optional property left out (another branch requires it), a property
 * the branch names given one of its own words (enum, const, examples, default) that another branch's
 * refuses, then a property another branch constrains given a plain value that branch refuses and this
 * one takes. A value that is no object can only be replaced by one of the branch's own words.
 */
export function makeExclusive(
  value: unknown,
  target: number,
  checks: readonly SchemaCheck[],
  branchOf: (at: number) => Schema,
): unknown | undefined {
  const matched = (candidate: unknown) => checks.filter((check) => check(candidate)).length;
  const targets = [target, ...checks.flatMap((check, at) => (at !== target && check(value) ? [at] : []))];
  for (const at of targets) {
    let current = value;
    let count = matched(current);
    for (let edit = 0; count > 1 && edit < MAX_EDITS; edit += 1) {
      const before = count;
      for (const candidate of candidates(current, at, checks, branchOf)) {
        if (!checks[at]?.(candidate)) continue;
        const left = matched(candidate);
        if (left >= count) continue;
        current = candidate;
        count = left;
        break;
      }
      if (count === before) break;
    }
    if (count === 1) return current;
  }
  return undefined;
}

/** The changed values to try, lazily (each is built only when the one before failed). */
function* candidates(value: unknown, at: number, checks: readonly SchemaCheck[], branchOf: (at: number) => Schema): Generator<unknown> {
  const branch = branchOf(at);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    yield* wordsOf(branch);
    return;
  }
  const object = value as Schema;
  for (const name of Object.keys(object)) {
    const { [name]: _left, ...rest } = object;
    yield rest;
  }
  const own = isJsonObject(branch.properties) ? branch.properties : {};
  for (const [name, property] of Object.entries(own)) {
    for (const word of wordsOf(isJsonObject(property) ? property : {})) yield { ...object, [name]: word };
  }
  const others = checks.flatMap((_, other) => (other === at ? [] : Object.keys(propertiesOf(branchOf(other)))));
  for (const name of new Set([...Object.keys(own), ...others])) {
    for (const probe of PROBES) yield { ...object, [name]: structuredClone(probe) };
  }
}

/** The values a schema gives in its own words. */
function wordsOf(schema: Schema): unknown[] {
  const words: unknown[] = [];
  if (Array.isArray(schema.enum)) words.push(...schema.enum);
  if ('const' in schema) words.push(schema.const);
  if (Array.isArray(schema.examples)) words.push(...schema.examples);
  if ('example' in schema) words.push(schema.example);
  if ('default' in schema) words.push(schema.default);
  return words.map((word) => structuredClone(word));
}

function propertiesOf(branch: Schema): Schema {
  return isJsonObject(branch.properties) ? branch.properties : {};
}
