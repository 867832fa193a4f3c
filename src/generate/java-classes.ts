/**
 * Java's POSIX and java.lang character classes (`\p{XDigit}`, `\p{Alpha}`, `\p{javaLowerCase}`, ...),
 * which documents written from Java models carry in `pattern`, as the standard classes they stand for.
 * No JavaScript reading means what such a document means: with the `u` flag `\p{XDigit}` does not
 * compile and `\p{Alpha}` is Unicode's Alphabetic (Java's is ASCII); without it `\p` is a `p`.
 *
 * The character sets are written as they go inside a class. The POSIX ones are ASCII, as in Java
 * without UNICODE_CHARACTER_CLASS (a document carries no flags); `javaWhitespace` is what
 * Character.isWhitespace takes.
 */
const SETS: Readonly<Record<string, string>> = {
  Lower: 'a-z',
  Upper: 'A-Z',
  ASCII: '\\x00-\\x7F',
  Alpha: 'A-Za-z',
  Digit: '0-9',
  Alnum: '0-9A-Za-z',
  Punct: '\\x21-\\x2F\\x3A-\\x40\\x5B-\\x60\\x7B-\\x7E',
  Graph: '\\x21-\\x7E',
  Print: '\\x20-\\x7E',
  Blank: '\\t\\x20',
  Cntrl: '\\x00-\\x1F\\x7F',
  XDigit: '0-9A-Fa-f',
  Space: '\\t-\\r\\x20',
  all: '\\s\\S',
  javaWhitespace: '\\t-\\r\\x1C-\\x20\\u1680\\u2000-\\u2006\\u2008-\\u200A\\u2028\\u2029\\u205F\\u3000',
};

/** java.lang classes that are exactly a Unicode property (`u` flag), by Java's name. */
const PROPERTIES: Readonly<Record<string, string>> = {
  javaLowerCase: 'Lowercase',
  javaUpperCase: 'Uppercase',
  javaMirrored: 'Bidi_Mirrored',
};

const JAVA_CLASS = /\\([pP])\{(\w+)\}/y;

type JavaClass = { readonly negated: boolean; readonly set?: string; readonly property?: string; readonly end: number };

/**
 * The pattern with Java's classes written as standard ones (`\p{XDigit}{4}` as `[0-9A-Fa-f]{4}`,
 * `[\p{Alpha}_]` as `[A-Za-z_]`); any other `\p{...}` (`\p{L}`) is left as it is. A pattern whose
 * Java classes cannot be rewritten faithfully (inside a class with Java's `&&` or a nested class, as
 * an end of a range, after `\Q`) is returned as it is.
 */
export function standardPattern(pattern: string): string {
  if (!pattern.includes('\\p{') && !pattern.includes('\\P{')) return pattern;
  if (pattern.includes('\\Q')) return pattern;
  let out = '';
  for (let i = 0; i < pattern.length; ) {
    const char = pattern[i] as string;
    if (char === '\\') {
      const java = javaClassAt(pattern, i);
      if (java) {
        out += java.property ? `\\${java.negated ? 'P' : 'p'}{${java.property}}` : `[${java.negated ? '^' : ''}${java.set}]`;
        i = java.end;
      } else {
        out += pattern.slice(i, i + 2);
        i += 2;
      }
    } else if (char === '[') {
      const end = classEnd(pattern, i);
      if (end === -1) return pattern;
      const written = rewrittenClass(pattern.slice(i, end + 1));
      if (written === undefined) return pattern;
      out += written;
      i = end + 1;
    } else {
      out += char;
      i += 1;
    }
  }
  return out;
}

function javaClassAt(pattern: string, at: number): JavaClass | undefined {
  JAVA_CLASS.lastIndex = at;
  const match = JAVA_CLASS.exec(pattern);
  if (!match) return undefined;
  const name = match[2] as string;
  const negated = match[1] === 'P';
  const end = at + match[0].length;
  const set = SETS[name];
  if (set !== undefined) return { negated, set, end };
  const property = PROPERTIES[name];
  return property === undefined ? undefined : { negated, property, end };
}

/** The index of the `]` that closes the class opened at `start` (JavaScript's reading), or -1. */
function classEnd(pattern: string, start: number): number {
  for (let i = start + 1; i < pattern.length; i += 1) {
    if (pattern[i] === '\\') i += 1;
    else if (pattern[i] === ']') return i;
  }
  return -1;
}

/**
 * A class (`[...]`, brackets included) with its Java classes written as standard ones. A negated set
 * has no in-class form: `[\P{Alpha}x]` is either of the two (`(?:[^A-Za-z]|[x])`), `[^\P{Alpha}x]` the
 * set without the rest (`(?:(?![x])[A-Za-z])`).
 */
function rewrittenClass(text: string): string | undefined {
  const negated = text[1] === '^';
  const body = text.slice(negated ? 2 : 1, -1);
  let rest = '';
  const outside: string[] = [];
  let found = false;
  /** Whether the last member is a `-` after another member: what comes next ends a range. */
  let dash = false;
  for (let i = 0; i < body.length; ) {
    const char = body[i] as string;
    const java = char === '\\' ? javaClassAt(body, i) : undefined;
    if (java) {
      // A Java class as an end of a range (`[a-\p{Alpha}]`) has no standard reading.
      if (dash) return undefined;
      found = true;
      if (java.property) rest += `\\${java.negated ? 'P' : 'p'}{${java.property}}`;
      else if (java.negated) outside.push(java.set as string);
      else rest += java.set;
      i = java.end;
      // A `-` after it is a literal, not the start of a range from the set's last character.
      if (body[i] === '-') {
        rest += '\\-';
        i += 1;
      }
    } else if (char === '\\') {
      rest += body.slice(i, i + 2);
      i += 2;
      dash = false;
    } else {
      // Java reads `&&` and a nested `[` as set operations, which a JavaScript class cannot hold.
      if (char === '[' || (char === '&' && body[i + 1] === '&')) return found || hasJavaClass(body.slice(i)) ? undefined : text;
      dash = char === '-' && i > 0;
      rest += char;
      i += 1;
    }
  }
  if (!found) return text;
  if (rest.startsWith('^')) rest = `\\${rest}`;
  if (outside.length === 0) return `[${negated ? '^' : ''}${rest}]`;
  if (!negated) {
    const parts = [...outside.map((set) => `[^${set}]`), ...(rest ? [`[${rest}]`] : [])];
    return parts.length === 1 ? (parts[0] as string) : `(?:${parts.join('|')})`;
  }
  const last = outside.pop() as string;
  const within = outside.map((set) => `(?=[${set}])`).join('');
  if (!rest && !within) return `[${last}]`;
  return `(?:${rest ? `(?![${rest}])` : ''}${within}[${last}])`;
}

function hasJavaClass(text: string): boolean {
  for (let i = text.indexOf('\\'); i !== -1; i = text.indexOf('\\', i + 2)) if (javaClassAt(text, i)) return true;
  return false;
}
