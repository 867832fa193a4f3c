/** RFC 6901 pointer `/a/b~1c` -> ['a', 'b/c']; the empty pointer is the whole value. */
export function parsePointer(pointer: string): readonly string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/**
 * The value a pointer designates, or undefined. Only own properties are followed (never `__proto__`,
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
