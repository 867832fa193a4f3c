/** Deepest nesting of arrays and objects a JSON body may have. Far beyond any real document, far below a stack overflow. */
export const MAX_JSON_DEPTH = 256;

/**
 * Whether a JSON text nests arrays and objects deeper than `max`: one linear pass that skips strings.
 * Checked before parsing because the parser, the validator and the echo all recurse, and a body of a
 * few kilobytes of brackets would otherwise overflow the stack.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return false;
}
