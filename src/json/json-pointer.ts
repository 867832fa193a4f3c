/**
 * JSON Pointers (RFC 6901), written and read in one place: a pointer's tokens, a pointer as a path
 * (`/a/b~1c`, scenarios and the document lint), and as a URI fragment (`#/a/b~1c`, the form of a
 * document's `$ref`s, whose tokens may be percent-encoded).
 */

/** `a/b~c` -> `a~1b~0c`: a key as a pointer token. */
export function escapeToken(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** `a~1b~0c` -> `a/b~c`. */
export function unescapeToken(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

/**
 * What a URI fragment percent-encodes: what encodeURIComponent would, but lone surrogates and the en
 * dash kept, as the reference parser's pattern (`a-zA–Z0–9`, typed with en dashes) keeps them, so that
 * a copy's pointers are the reader's, byte for byte.
 */
const ENCODED = /[^A-Za-z0-9_.!~*'()\-\u2013\u{D800}-\u{DFFF}]/gu;

/** A key as a token of a URI fragment: escaped, then percent-encoded as the reference parser writes it. */
export function fragmentToken(key: string): string {
  return escapeToken(key).replace(ENCODED, encodeURIComponent);
}

/** A URI fragment's token read back: percent-decoded (a stray `%` is part of the name), then unescaped. */
export function readFragmentToken(token: string): string {
  let decoded = token;
  try {
    decoded = decodeURIComponent(token);
  } catch {
    // Not percent-encoded after all: the token as written.
  }
  return unescapeToken(decoded);
}

/** A path as a URI fragment: `['paths', '/pets']` -> `#/paths/~1pets`; the empty path is `#`. */
export function pathToPointer(path: readonly string[]): string {
  return path.length === 0 ? '#' : `#/${path.map(fragmentToken).join('/')}`;
}

/** `/a/b~1c` -> ['a', 'b/c']; the empty pointer is the whole value. */
export function parsePointer(pointer: string): readonly string[] {
  if (pointer === '') return [];
  return pointer.slice(1).split('/').map(unescapeToken);
}

/** A local reference's path: `#/a/b~1c` -> ['a', 'b/c'] (its tokens percent-decoded); undefined when it is not one. */
export function fragmentPath(ref: string): readonly string[] | undefined {
  if (!ref.startsWith('#')) return undefined;
  if (ref === '#') return [];
  if (ref[1] !== '/') return undefined;
  return ref.slice(2).split('/').map(readFragmentToken);
}

/**
 * The value a path designates, or undefined. Only own properties are followed (never `__proto__`,
 * `constructor` or anything inherited), Maps by key, arrays by index.
 */
export function resolvePointer(root: unknown, segments: readonly string[]): unknown {
  let current = root;
  for (const segment of segments) {
    if (current instanceof Map) current = current.get(segment);
    else if (Array.isArray(current)) current = /^(0|[1-9]\d*)$/.test(segment) ? current[Number(segment)] : undefined;
    else if (current !== null && typeof current === 'object' && Object.hasOwn(current, segment))
      current = (current as Record<string, unknown>)[segment];
    else return undefined;
  }
  return current;
}

/** What a local reference (`#/a/b~1c`) points at inside `root`; undefined when it leads nowhere. */
export function resolveFragment(root: unknown, ref: string): unknown {
  const path = fragmentPath(ref);
  return path === undefined ? undefined : resolvePointer(root, path);
}
