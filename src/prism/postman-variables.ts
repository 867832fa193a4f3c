import { isJsonObject } from '../json/json-object.js';

/** Characters one string of a collection may grow to when its variables are replaced. */
const GROWN = 100_000;
/** Characters all of them may grow to together. */
const GROWN_TOTAL = 4_000_000;
/** Rounds of replacement postman-collection makes (its Substitutor.VARS_SUBREPLACE_LIMIT). */
const ROUNDS = 19;
const TOKEN = /\{\{([^{}]*?)}}/g;

/**
 * The first string of the collection that grows past the bounds when the reader replaces the
 * collection's `{{variables}}` as postman-collection does (again and again, up to 19 rounds): a
 * variable `a` of `{{a}}{{a}}{{a}}{{a}}` in a URL made the reader build a 4^19-character string (the
 * load ran for minutes). Replacing is simulated here on the lengths first, so nothing big is built.
 */
export function overgrownString(collection: Record<string, unknown>): string | undefined {
  const variables = new Map<string, string>();
  for (const variable of Array.isArray(collection.variable) ? collection.variable : [])
    if (isJsonObject(variable) && typeof variable.key === 'string' && variable.disabled !== true && variable.value !== undefined)
      variables.set(variable.key, typeof variable.value === 'string' ? variable.value : (JSON.stringify(variable.value) ?? ''));
  if (variables.size === 0) return undefined;
  let total = 0;
  const stack: unknown[] = [collection];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node === 'string') {
      const grown = node.includes('{{') ? grownLength(node, variables) : node.length;
      total += grown;
      if (grown > GROWN || total > GROWN_TOTAL) return node.slice(0, 60);
    } else if (node !== null && typeof node === 'object') stack.push(...Object.values(node));
  }
  return undefined;
}

/** The length `text` grows to, or Infinity once past GROWN. */
function grownLength(text: string, variables: ReadonlyMap<string, string>): number {
  let value = text;
  for (let round = 0; round < ROUNDS; round += 1) {
    let next = value.length;
    let replaced = false;
    for (const [token, name] of value.matchAll(TOKEN)) {
      const replacement = variables.get(name ?? '');
      if (replacement === undefined) continue;
      next += replacement.length - token.length;
      replaced = true;
    }
    if (!replaced) return value.length;
    if (next > GROWN) return Number.POSITIVE_INFINITY;
    value = value.replace(TOKEN, (token, name: string) => variables.get(name) ?? token);
  }
  return value.length;
}
