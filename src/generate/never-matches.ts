/**
 * Whether a pattern surely matches no string: a regular-expression literal written as a pattern
 * (`/^[0-9]{5}$/i`, or dataexchange's `.*\/^[\d]{12}$\/.*`) asks for a `/` just before the start of the
 * text, or just after its end, which no string has. Read only where the answer is sure: outside groups
 * and character classes, and in a pattern without alternatives (`/^a|b` matches `b`).
 */
export function neverMatches(pattern: unknown): boolean {
  if (typeof pattern !== 'string') return false;
  let depth = 0;
  let inClass = false;
  let impossible = false;
  for (let at = 0; at < pattern.length; at += 1) {
    const char = pattern[at];
    if (char === '\\') {
      // An escaped slash is a slash too: `\/^` asks for one before the start.
      if (pattern[at + 1] === '/' && !inClass && depth === 0 && pattern[at + 2] === '^') impossible = true;
      at += 1;
      continue;
    }
    if (inClass) {
      if (char === ']') inClass = false;
      continue;
    }
    if (char === '[') inClass = true;
    else if (char === '(') depth += 1;
    else if (char === ')') depth = Math.max(0, depth - 1);
    else if (char === '|' && depth === 0) return false;
    else if (depth === 0 && char === '/' && pattern[at + 1] === '^') impossible = true;
    else if (depth === 0 && char === '$' && (pattern[at + 1] === '/' || (pattern[at + 1] === '\\' && pattern[at + 2] === '/'))) {
      // `$/` is an end followed by a slash, unless a quantifier makes the slash optional (`$/?`, `$/*`).
      const next = pattern[at + 1] === '/' ? at + 2 : at + 3;
      if (!'?*{'.includes(pattern[next] ?? '') || pattern[next] === undefined) impossible = true;
    }
  }
  return impossible;
}

/**
 * Whether a schema's `enum` lists strings only and none within its `minLength`/`maxLength` (adyen's
 * `gender`: `MALE`, `FEMALE`, `UNKNOWN` with `maxLength: 1`): no value fits both.
 */
export function enumBeyondLength(schema: Record<string, unknown>): boolean {
  const values = schema.enum;
  const { minLength, maxLength } = schema;
  if (!Array.isArray(values) || values.length === 0 || (typeof minLength !== 'number' && typeof maxLength !== 'number')) return false;
  return values.every((value) => {
    if (typeof value !== 'string') return false;
    const length = [...value].length;
    return (typeof maxLength === 'number' && length > maxLength) || (typeof minLength === 'number' && length < minLength);
  });
}
