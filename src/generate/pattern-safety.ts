import safeRegex from 'safe-regex2';

/**
 * Whether JavaScript's engine runs the pattern in time the input's length bounds well: safe-regex2
 * finds no nested quantifier, no group of alternatives is repeated, and no two quantifiers may share
 * a failing match (see backtracksPolynomially). A pattern that passes may still be slow, never
 * exponential nor of a high degree.
 */
export function backtracksSafely(native: RegExp, pattern: string): boolean {
  return safeRegex(native) && !repeatsAlternatives(pattern) && !backtracksPolynomially(pattern);
}

/**
 * Whether two quantifiers may share the characters of a failing match, which safe-regex2 (star
 * height) lets pass: `^(?!b)a*a*a*b$` takes seconds on two thousand `a`s, and a pattern not anchored
 * at its start (`(?!-)\d+x`) retries its quantifier from every position. Safe only when anchored by
 * `^`, with at most one quantifier in the rest and in each lookaround that opens the pattern, and none
 * in a lookaround after a quantifier (it would run at every position the quantifier backtracks to).
 * Two more things choose among matches as a quantifier does, and count as one: a group of
 * alternatives that could start alike (`(?:a|ab)`; twenty-four `(?:a|a)` take seconds on as many
 * characters), and a backreference to a group that matches text of varying length (`^(a+)\1$` costs
 * the square of the input's length).
 */
function backtracksPolynomially(pattern: string): boolean {
  const counts: number[] = [0];
  const groups: { readonly look: boolean; readonly open: number; alternatives: boolean }[] = [];
  const captures = captureGroups(pattern);
  let main = 0;
  let any = false;
  let inClass = false;
  let alternatives = false;
  /** What the token before is: a quantifier makes a `?` lazy; a group's `(` makes it `(?`. */
  let previous: 'atom' | 'open' | 'quantifier' = 'open';
  const quantifier = (): boolean => {
    any = true;
    const depth = counts.length - 1;
    counts[depth] = (counts[depth] ?? 0) + 1;
    if (depth === 0) main = counts[0] ?? 0;
    return (counts[depth] ?? 0) > 1;
  };
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i];
    const rest = pattern.slice(i);
    if (char === '\\') {
      const braced = /^\\[pPuk][{<][^}>]*[}>]/.exec(rest);
      const reference = /^\\(?:([1-9]\d*)|k<([^>]*)>)/.exec(rest);
      i += braced ? braced[0].length - 1 : reference ? reference[0].length - 1 : 1;
      previous = 'atom';
      const group = !reference
        ? undefined
        : reference[1]
          ? captures[Number(reference[1]) - 1]
          : captures.find((c) => c.name === reference[2]);
      if (group?.varies && quantifier()) return true;
    } else if (inClass) {
      inClass = char !== ']';
      if (!inClass) previous = 'atom';
    } else if (char === '[') inClass = true;
    else if (char === '(') {
      const look = /^\(\?<?[=!]/.test(rest);
      groups.push({ look, open: i, alternatives: false });
      previous = 'open';
      // A lookaround after a quantifier, or not among those opening the pattern, may run anywhere.
      if (look) counts.push(main > 0 || i !== openingLookaround(pattern, i) ? 1 : 0);
    } else if (char === ')' && groups.length > 0) {
      const group = groups.pop();
      previous = 'atom';
      if (group?.alternatives && startAlike(pattern, group.open, i) && quantifier()) return true;
      if (group?.look && (counts.pop() ?? 0) > 1) return true;
    } else if (char === '|') {
      const group = groups[groups.length - 1];
      if (group) group.alternatives = true;
      else alternatives = true;
      previous = 'open';
    } else if (char === '?' && previous !== 'atom') {
      // A lazy mark (`a*?`) or a group's kind (`(?:`), no quantifier of its own.
      previous = previous === 'open' ? 'open' : 'atom';
    } else if (char === '*' || char === '+' || char === '?') {
      previous = 'quantifier';
      if (quantifier()) return true;
    } else if (char === '{' && /^\{\d+(,\d*)?\}/.test(rest)) {
      const range = /^\{(\d+)(?:(,)(\d*))?\}/.exec(rest) as RegExpExecArray;
      i += range[0].length - 1;
      previous = 'quantifier';
      if (range[2] !== undefined && range[3] !== range[1] && quantifier()) return true;
    } else previous = 'atom';
  }
  return any && (!pattern.startsWith('^') || alternatives);
}

/** Where the lookarounds opening the pattern (right after `^`, one after another) would put one at `at`. */
function openingLookaround(pattern: string, at: number): number {
  let i = pattern.startsWith('^') ? 1 : 0;
  while (i < at && /^\(\?<?[=!]/.test(pattern.slice(i))) i = closingParen(pattern, i) + 1;
  return i;
}

/** Where the group opened at `open` closes (classes and escapes skipped); the pattern's length when it never does. */
export function closingParen(pattern: string, open: number): number {
  let depth = 0;
  const at = forEachToken(
    pattern,
    (i) => {
      if (pattern[i] === '(') depth++;
      else if (pattern[i] === ')') return --depth === 0;
      return false;
    },
    open,
  );
  return at === -1 ? pattern.length : at;
}

/** The pattern's capturing groups in their order (`\1` is the first), each with its name and whether its text may vary in length. */
function captureGroups(pattern: string): { readonly name: string | undefined; readonly varies: boolean }[] {
  const groups: { name: string | undefined; varies: boolean }[] = [];
  forEachToken(pattern, (i) => {
    if (pattern[i] !== '(') return;
    const named = /^\(\?<([^=!>][^>]*)>/.exec(pattern.slice(i));
    if (pattern[i + 1] === '?' && !named) return;
    const body = pattern.slice(i + 1, closingParen(pattern, i));
    groups.push({ name: named?.[1], varies: /[*+?|]|\{\d+,/.test(body.replace(/\\./g, '').replace(/^\?<[^>]*>/, '')) });
  });
  return groups;
}

/**
 * Whether two alternatives of the group `(…)` at `open`…`close` could start with the same character:
 * only alternatives that each start with a different literal character (`(ab|cd)`), which must be
 * there, let at most one of them match at a place.
 */
function startAlike(pattern: string, open: number, close: number): boolean {
  const body = pattern.slice(open + 1, close).replace(/^\?(?::|<?[=!]|<[^>]*>)/, '');
  const starts = new Set<string>();
  for (const alternative of topLevelAlternatives(body)) {
    const literal = /^(?:\\([^A-Za-z0-9])|([^\\[(.^$|)]))(?![?*{])/u.exec(alternative);
    const first = literal?.[1] ?? literal?.[2];
    if (first === undefined || starts.has(first)) return true;
    starts.add(first);
  }
  return false;
}

function topLevelAlternatives(body: string): string[] {
  const parts: string[] = [];
  let from = 0;
  let depth = 0;
  forEachToken(body, (i) => {
    if (body[i] === '(') depth++;
    else if (body[i] === ')') depth--;
    else if (body[i] === '|' && depth === 0) {
      parts.push(body.slice(from, i));
      from = i + 1;
    }
  });
  return [...parts, body.slice(from)];
}

/**
 * Calls `each` with the place of every character from `from` on outside escapes and character
 * classes, until it answers true; where it did, else -1.
 */
function forEachToken(pattern: string, each: (i: number) => unknown, from = 0): number {
  let inClass = false;
  for (let i = from; i < pattern.length; i++) {
    const char = pattern[i];
    if (char === '\\') i++;
    else if (inClass) inClass = char !== ']';
    else if (char === '[') inClass = true;
    else if (each(i) === true) return i;
  }
  return -1;
}

/**
 * Whether a group of alternatives is repeated (`(a|a)*`, `(?:ab|a|b){2,}`): safe-regex2 counts only
 * nested quantifiers, yet overlapping alternatives backtrack exponentially on JavaScript's engine.
 */
function repeatsAlternatives(pattern: string): boolean {
  const groups: boolean[] = [];
  const repeated = forEachToken(pattern, (i) => {
    const char = pattern[i];
    if (char === '(') groups.push(false);
    else if (char === '|' && groups.length > 0) groups[groups.length - 1] = true;
    else if (char === ')' && groups.length > 0) {
      const alternatives = groups.pop() === true;
      if (alternatives && /[*+{]/.test(pattern[i + 1] ?? '')) return true;
      // `((a|a))*`: the inner group's alternatives are repeated with the outer group.
      if (alternatives && groups.length > 0) groups[groups.length - 1] = true;
    }
    return false;
  });
  return repeated !== -1;
}
