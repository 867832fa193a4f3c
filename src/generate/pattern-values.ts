import { createRequire } from 'node:module';
import type * as JsonSchemaFakerModule from 'json-schema-faker';

const require = createRequire(import.meta.url);

/** How many strings are drawn from a pattern, at most, to find those that fit. */
const DRAWS = 64;
/** json-schema-faker's own bound on unbounded repetitions. */
const RANDEXP_MAX = 10;
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
  const check = compile(pattern);
  const drawn = check ? sampleable(pattern) : undefined;
  if (!check || drawn === undefined) return [];
  const { JSONSchemaFaker } = require('json-schema-faker') as typeof JsonSchemaFakerModule;
  let state = 0x2f6b_3a1d;
  JSONSchemaFaker.option({
    // A fixed sequence: the same schema gives the same strings on every server.
    random: () => {
      state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
      return state / 2 ** 32;
    },
    // Unbounded repetitions (`+`, `*`) long enough to reach minLength.
    defaultRandExpMax: Math.min(Math.max(RANDEXP_MAX, (minLength ?? 0) + RANDEXP_MAX), 1024),
  });
  try {
    return draw(JSONSchemaFaker, drawn, check, minLength, maxLength, count);
  } finally {
    JSONSchemaFaker.option({ defaultRandExpMax: RANDEXP_MAX });
  }
}

function draw(
  JSONSchemaFaker: typeof JsonSchemaFakerModule.JSONSchemaFaker,
  drawn: string,
  check: RegExp,
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
 * Whether the faker alone would answer the pattern wrongly (see patternValues): a lookaround (AWS's
 * host names, `(?!-)[A-Za-z0-9-]{1,62}`) is skipped by its string writer, so drawn strings are checked.
 */
export function needsPatternValues(pattern: string, minLength: unknown, maxLength: unknown): boolean {
  return typeof minLength === 'number' || typeof maxLength === 'number' || /\\[pP]\{|\(\?<?[=!]/.test(pattern);
}

function compile(pattern: string): RegExp | undefined {
  for (const flags of ['u', '']) {
    try {
      return new RegExp(pattern, flags);
    } catch {}
  }
  return undefined;
}

/** The pattern with each property escape written as the characters it takes; undefined where one takes none. */
function sampleable(pattern: string): string | undefined {
  let failed = false;
  const rewritten = pattern.replace(PROPERTY_ESCAPE, (written, _kind: string, _name: string, at: number) => {
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
    return insideClass(pattern, at) ? listed : `[${listed}]`;
  });
  return failed ? undefined : rewritten;
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
