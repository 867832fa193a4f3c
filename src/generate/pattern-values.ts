import { createRequire } from 'node:module';
import type * as JsonSchemaFakerModule from 'json-schema-faker';
import { longestDraw } from './drawn-length.js';
import { nativePatternTest } from './native-pattern.js';
import { compileRe2 } from './re2-pattern.js';

const require = createRequire(import.meta.url);

/** How many strings are drawn from a pattern, at most, to find those that fit. */
const DRAWS = 64;
/** The time all checks of drawn strings may take together on a pattern that could backtrack. */
const UNSAFE_CHECKS_BUDGET_MS = 250;
/** json-schema-faker's own bound on unbounded repetitions. */
const RANDEXP_MAX = 10;
/** The longest string a pattern may draw (see longestDraw); a pattern that could draw longer ones is not drawn from. */
const MAX_DRAWN_LENGTH = 65_536;
const PROPERTY_ESCAPE = /\\([pP])\{([^}]*)\}/g;
const PRINTABLE = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i));
/** Beyond ASCII, for a property no printable ASCII character has (`\p{Han}`, `\p{Lo}`). */
const BEYOND_ASCII = ['é', 'ß', 'Ж', 'λ', '中', '٣', 'あ', '€'];

/**
 * Strings the pattern matches within the schema's length bounds, drawn once per schema: json-schema-faker
 * writes a pattern's string and then pads or cuts it to `minLength`/`maxLength` (AWS's base64
 * `^[A-Za-z0-9+\/]+={0,2}$` of at least 24 got `=` in its middle), and reads a Unicode property escape
 * (`^\P{C}*$`) as the letter `P`. Such escapes are drawn as the printable characters they take; every
 * string kept is checked against the pattern as written. Empty when none fits.
 */
export function patternValues(pattern: string, minLength: number | undefined, maxLength: number | undefined, count: number): string[] {
  const key = `${count}/${minLength}/${maxLength}/${pattern}`;
  let values = DRAWN.get(key);
  if (values === undefined) {
    values = drawValues(pattern, minLength, maxLength, count);
    remember(key, values);
  }
  return [...values];
}

/**
 * Strings drawn, by pattern, bounds and count: the same on every call (the draws are seeded), so kept
 * for every schema and server, and a backtracking pattern a document repeats spends its budget once.
 * Bounded in entries and in characters (keys and strings): a few patterns drawing strings of tens of
 * thousands of characters would otherwise hold hundreds of megabytes.
 */
const DRAWN = new Map<string, readonly string[]>();
const MAX_DRAWN = 1_000;
const MAX_DRAWN_CHARS = 1 << 20;
let drawnChars = 0;

function remember(key: string, values: readonly string[]): void {
  const size = charsOf(key, values);
  if (size > MAX_DRAWN_CHARS) return;
  for (const [oldest, held] of DRAWN) {
    if (DRAWN.size < MAX_DRAWN && drawnChars + size <= MAX_DRAWN_CHARS) break;
    DRAWN.delete(oldest);
    drawnChars -= charsOf(oldest, held);
  }
  DRAWN.set(key, values);
  drawnChars += size;
}

function charsOf(key: string, values: readonly string[]): number {
  let size = key.length;
  for (const value of values) size += value.length;
  return size;
}

/** The characters the drawn strings kept hold, their keys included. */
export function drawnCharsHeld(): number {
  return drawnChars;
}

function drawValues(pattern: string, minLength: number | undefined, maxLength: number | undefined, count: number): string[] {
  const check = compile(pattern);
  const drawn = check ? sampleable(pattern) : undefined;
  // Unbounded repetitions (`+`, `*`) long enough to reach minLength.
  const randExpMax = Math.min(Math.max(RANDEXP_MAX, (minLength ?? 0) + RANDEXP_MAX), 1024);
  if (!check || drawn === undefined || longestDraw(drawn, randExpMax) > MAX_DRAWN_LENGTH) return [];
  const { JSONSchemaFaker } = require('json-schema-faker') as typeof JsonSchemaFakerModule;
  let state = 0x2f6b_3a1d;
  JSONSchemaFaker.option({
    // A fixed sequence: the same schema gives the same strings on every server.
    random: () => {
      state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
      return state / 2 ** 32;
    },
    defaultRandExpMax: randExpMax,
  });
  try {
    const found = draw(JSONSchemaFaker, drawn, check, minLength, maxLength, count);
    if (found.length > 0) return found;
    // The faker skips a lookahead, and what is drawn without it may never pass it (AWS Kinesis'
    // `^(?=^\$)(?=^\S+$).*$`: `.*` seldom opens with `$`): each positive lookahead's own body is drawn too.
    for (const body of positiveLookaheads(pattern)) {
      const fromBody = sampleable(body);
      const more = fromBody === undefined ? [] : draw(JSONSchemaFaker, fromBody, check, minLength, maxLength, count);
      if (more.length > 0) return more;
    }
    return found;
  } finally {
    JSONSchemaFaker.option({ defaultRandExpMax: RANDEXP_MAX });
  }
}

function draw(
  JSONSchemaFaker: typeof JsonSchemaFakerModule.JSONSchemaFaker,
  drawn: string,
  check: PatternTest,
  minLength: number | undefined,
  maxLength: number | undefined,
  count: number,
): string[] {
  const found = new Set<string>();
  for (let i = 0; i < DRAWS && found.size < count; i += 1) {
    let value: unknown;
    try {
      value = JSONSchemaFaker.generate({ type: 'string', pattern: drawn });
    } catch {
      return [];
    }
    if (typeof value !== 'string') continue;
    const length = [...value].length;
    if ((minLength === undefined || length >= minLength) && (maxLength === undefined || length <= maxLength) && check.test(value)) {
      found.add(value);
    }
  }
  return [...found];
}

/**
 * Whether json-schema-faker could build a string longer than MAX_DRAWN_LENGTH for the pattern (`(a{1000}){1000}`):
 * the schema is then not generated at all, as one whose pattern no string matches.
 */
export function drawsTooLong(pattern: string): boolean {
  return longestDraw(pattern, RANDEXP_MAX) > MAX_DRAWN_LENGTH;
}

/**
 * Whether the faker alone would answer the pattern wrongly (see patternValues): a lookaround (AWS's
 * host names, `(?!-)[A-Za-z0-9-]{1,62}`) is skipped by its string writer, so drawn strings are checked.
 */
export function needsPatternValues(pattern: string, minLength: unknown, maxLength: unknown): boolean {
  return (
    typeof minLength === 'number' || typeof maxLength === 'number' || /\\[pP]\{|\(\?<?[=!]/.test(pattern) || greedy(pattern) !== pattern
  );
}

/**
 * The pattern with its lazy quantifiers made greedy (`\d{12}?` as `\d{12}`): json-schema-faker's string
 * writer reads the lazy `?` as "optional" and left AWS's ARN parts out (`^arn:aws:detective::...`). Which
 * strings a whole pattern matches does not depend on laziness, so drawing from the greedy one is exact.
 */
export function greedy(pattern: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i += 1) {
    const c = pattern[i] as string;
    out += c;
    if (c === '\\') {
      out += pattern[i + 1] ?? '';
      i += 1;
    } else if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (c === '(' && pattern[i + 1] === '?') {
      out += '?';
      i += 1;
    } else if ((c === '*' || c === '+' || c === '?' || (c === '}' && /\{\d+(,\d*)?$/.test(out.slice(0, -1)))) && pattern[i + 1] === '?')
      i += 1;
  }
  return out;
}

/** Whether a pattern matches a string, in time linear in the string's length. */
type PatternTest = { test(value: string): boolean };

/**
 * The pattern as the strings drawn are checked against it: on RE2 where it runs, so that a pattern
 * cannot make the check backtrack; where RE2 cannot run it (lookaround), on JavaScript's engine, and
 * within a time budget where the pattern could backtrack (AWS's host names pass their checks in
 * microseconds; `^(a+)+(?=c)b$` would take years on a drawn `aaa…ab`).
 */
function compile(pattern: string): PatternTest | undefined {
  const native = nativePatternTest(pattern, 'u', UNSAFE_CHECKS_BUDGET_MS, false);
  if (native === undefined) return undefined;
  const re2 = compileRe2(pattern);
  return re2 ? { test: (value) => re2.matcher(value).find() } : native;
}

/**
 * A pattern without the `.*` that opens or closes it: a pattern matches anywhere in a string, so
 * `.*X.*` takes what `X` takes, and drawing `.*` to its bound filled AWS's 36-character
 * `.*[0-9a-f]{8}-…-[0-9a-f]{12}.*` ids past their `maxLength`, leaving none that fit.
 */
export function unpadded(pattern: string): string {
  let out = pattern.replace(/^(?:\.\*)+/, '');
  while (out.endsWith('.*') && !/(^|[^\\])(\\\\)*\\\.\*$/.test(out)) out = out.slice(0, -2);
  return out === '' ? pattern : out;
}

/** The pattern with each property escape written as the characters it takes; undefined where one takes none. */
function sampleable(pattern: string): string | undefined {
  let failed = false;
  const source = unpadded(greedy(pattern));
  const rewritten = source.replace(PROPERTY_ESCAPE, (written, _kind: string, _name: string, at: number) => {
    let property: RegExp;
    try {
      property = new RegExp(`^${written}$`, 'u');
    } catch {
      failed = true;
      return written;
    }
    const taken = PRINTABLE.filter((c) => property.test(c));
    const chars = taken.length > 0 ? taken : BEYOND_ASCII.filter((c) => property.test(c));
    if (chars.length === 0) failed = true;
    const listed = chars.map((c) => (/[\\\]^-]/.test(c) ? `\\${c}` : c)).join('');
    return insideClass(source, at) ? listed : `[${listed}]`;
  });
  return failed ? undefined : rewritten;
}

/** The bodies of the pattern's positive lookaheads (`(?=X)`, not inside a class), in order. */
export function positiveLookaheads(pattern: string): string[] {
  const bodies: string[] = [];
  const opened: (number | undefined)[] = [];
  let inClass = false;
  for (let i = 0; i < pattern.length; i += 1) {
    const c = pattern[i];
    if (c === '\\') i += 1;
    else if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (c === '(') opened.push(pattern.startsWith('(?=', i) ? i + 3 : undefined);
    else if (c === ')') {
      const start = opened.pop();
      if (start !== undefined) bodies.push(pattern.slice(start, i));
    }
  }
  return bodies;
}

/** Whether position `at` of the pattern lies inside a character class (`[...]`). */
function insideClass(pattern: string, at: number): boolean {
  let inside = false;
  for (let i = 0; i < at; i += 1) {
    const c = pattern[i];
    if (c === '\\') i += 1;
    else if (c === '[') inside = true;
    else if (c === ']') inside = false;
  }
  return inside;
}
