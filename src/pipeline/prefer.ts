/**
 * The one reader of `Prefer` (RFC 7240), for every preference the mock honours: forcing (`code`,
 * `example`, `dynamic`, `seed`, `stream-*`), `delay`, `validate` and `callback-delay`. Preferences are
 * separated by `,`; a preference's `;` parameters are read as preferences of their own, so
 * `code=404; dynamic=true` asks for both, as clients write either. Keys are lower-cased, values trimmed
 * and unquoted (a quoted value may hold `,` and `;`); a key given twice: the last one counts. Several
 * `Prefer` headers read as one.
 */
export function readPrefer(header: string | readonly string[] | undefined): ReadonlyMap<string, string> {
  const preferences = new Map<string, string>();
  if (header === undefined) return preferences;
  const text = typeof header === 'string' ? header : header.join(',');
  let start = 0;
  let quoted = false;
  for (let i = 0; i <= text.length; i++) {
    const char = text[i];
    if (char === '"') quoted = !quoted;
    else if (i === text.length || ((char === ',' || char === ';') && !quoted)) {
      add(preferences, text.slice(start, i));
      start = i + 1;
    }
  }
  return preferences;
}

function add(preferences: Map<string, string>, segment: string): void {
  const equals = segment.indexOf('=');
  const key = (equals < 0 ? segment : segment.slice(0, equals)).trim().toLowerCase();
  if (key === '') return;
  const value = equals < 0 ? '' : segment.slice(equals + 1).trim();
  preferences.delete(key);
  preferences.set(key, value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value);
}
