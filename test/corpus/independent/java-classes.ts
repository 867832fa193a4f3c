/**
 * The judge's own reading of Java's character classes in patterns (AWS documents, written from Java
 * models: `\p{XDigit}{8}-...`), kept apart from the mock's: each class is a list of code-point ranges,
 * its negation the complementary ranges, both written inside the class where they stand (or in a class
 * of their own), so `[^\P{Alpha}x]` is `[^` + what is not a letter + `x]`.
 */
type Ranges = readonly (readonly [number, number])[];

const ASCII_SETS: Readonly<Record<string, Ranges>> = {
  Lower: [[0x61, 0x7a]],
  Upper: [[0x41, 0x5a]],
  ASCII: [[0, 0x7f]],
  Alpha: [
    [0x41, 0x5a],
    [0x61, 0x7a],
  ],
  Digit: [[0x30, 0x39]],
  Alnum: [
    [0x30, 0x39],
    [0x41, 0x5a],
    [0x61, 0x7a],
  ],
  Punct: [
    [0x21, 0x2f],
    [0x3a, 0x40],
    [0x5b, 0x60],
    [0x7b, 0x7e],
  ],
  Graph: [[0x21, 0x7e]],
  Print: [[0x20, 0x7e]],
  Blank: [
    [0x09, 0x09],
    [0x20, 0x20],
  ],
  Cntrl: [
    [0, 0x1f],
    [0x7f, 0x7f],
  ],
  XDigit: [
    [0x30, 0x39],
    [0x41, 0x46],
    [0x61, 0x66],
  ],
  Space: [
    [0x09, 0x0d],
    [0x20, 0x20],
  ],
  all: [[0, 0x10ffff]],
  // Character.isWhitespace: Unicode's separators but the no-break spaces, and the ASCII controls it names.
  javaWhitespace: [
    [0x09, 0x0d],
    [0x1c, 0x20],
    [0x1680, 0x1680],
    [0x2000, 0x2006],
    [0x2008, 0x200a],
    [0x2028, 0x2029],
    [0x205f, 0x205f],
    [0x3000, 0x3000],
  ],
};
const UNICODE_PROPERTIES: Readonly<Record<string, string>> = {
  javaLowerCase: 'Lowercase',
  javaUpperCase: 'Uppercase',
  javaMirrored: 'Bidi_Mirrored',
};

function complement(ranges: Ranges, top: number): Ranges {
  const out: [number, number][] = [];
  let next = 0;
  for (const [from, to] of ranges) {
    if (from > next) out.push([next, from - 1]);
    next = to + 1;
  }
  if (next <= top) out.push([next, top]);
  return out;
}

/**
 * Ranges written for inside a class: letters and digits as they are, other characters as `\xHH` or
 * `\uHHHH` (upper-case digits: json-schema-faker's randexp misreads `\x5a`), past FFFF as `\u{...}`
 * with the `u` flag and cut to FFFF (code units) without.
 */
function written(ranges: Ranges, unicode: boolean): string {
  const one = (code: number) => {
    const hex = Math.min(code, unicode ? code : 0xffff)
      .toString(16)
      .toUpperCase();
    if (/^[0-9A-Za-z]$/.test(String.fromCharCode(code))) return String.fromCharCode(code);
    if (code <= 0xff) return `\\x${hex.padStart(2, '0')}`;
    return code <= 0xffff || !unicode ? `\\u${hex.padStart(4, '0')}` : `\\u{${hex}}`;
  };
  return ranges.map(([from, to]) => (from === to ? one(from) : `${one(from)}-${one(to)}`)).join('');
}

/**
 * The pattern with Java's classes written as ranges, for a RegExp with the `u` flag or without it;
 * other `\p{...}` escapes stay. Without `u`, a class Unicode properties alone express stays as written.
 */
export function withJavaClasses(pattern: string, unicode: boolean): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i] as string;
    if (char !== '\\') {
      if (char === '[' && !inClass) inClass = true;
      else if (char === ']' && inClass) inClass = false;
      out += char;
      continue;
    }
    const named = /^\\([pP])\{(\w+)\}/.exec(pattern.slice(i));
    const set = named ? ASCII_SETS[named[2] as string] : undefined;
    const property = named ? UNICODE_PROPERTIES[named[2] as string] : undefined;
    if (!named || (set === undefined && (property === undefined || !unicode))) {
      out += pattern.slice(i, i + 2);
      i++;
      continue;
    }
    const negated = named[1] === 'P';
    let text: string;
    if (property !== undefined) text = `\\${named[1]}{${property}}`;
    else {
      const ranges = negated ? complement(set as Ranges, unicode ? 0x10ffff : 0xffff) : (set as Ranges);
      text = ranges.length === 0 ? '' : written(ranges, unicode);
      if (!inClass) text = text === '' ? '[^\\s\\S]' : `[${text}]`;
    }
    out += text;
    i += named[0].length - 1;
    if (inClass && pattern[i + 1] === '-') {
      out += '\\-';
      i++;
    }
  }
  return out;
}
