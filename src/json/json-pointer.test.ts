import { createRequire } from 'node:module';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  escapeToken,
  fragmentPath,
  parsePointer,
  pathToPointer,
  readFragmentToken,
  resolveFragment,
  resolvePointer,
} from './json-pointer.js';

const prismRequire = createRequire(createRequire(import.meta.url).resolve('@stoplight/prism-http/dist/validator/index.js'));
const stoplight = prismRequire('@stoplight/json') as { pathToPointer: (path: readonly string[]) => string };

describe('json pointers', () => {
  it('writes a path as the URI fragment the reference parser writes', () => {
    for (const path of [[], ['paths', '/pets/{id}', 'get'], ['a~b', 'ü é', '😀', "!*'()", '%41', '']])
      expect(pathToPointer(path)).toBe(stoplight.pathToPointer(path));
    fc.assert(fc.property(fc.array(fc.string({ unit: 'grapheme' })), (path) => pathToPointer(path) === stoplight.pathToPointer(path)));
  });

  it('reads back what it writes, a stray percent sign kept as written', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme' }), { minLength: 1 }), (path) =>
        isDeepStrictEqual(fragmentPath(pathToPointer(path)), path),
      ),
    );
    expect(readFragmentToken('100%')).toBe('100%');
    expect(parsePointer(`/${escapeToken('a/b~c')}/0`)).toEqual(['a/b~c', '0']);
  });

  it('follows only own properties, array indices and map keys', () => {
    const root = { a: [{ 'b/c': 1 }], m: new Map([['k', 2]]) };
    expect(resolveFragment(root, '#/a/0/b~1c')).toBe(1);
    expect(resolvePointer(root, ['m', 'k'])).toBe(2);
    expect(resolveFragment(root, '#/a/length')).toBeUndefined();
    expect(resolveFragment(root, '#/constructor')).toBeUndefined();
    expect(resolveFragment(root, 'other.yaml#/a')).toBeUndefined();
    expect(resolveFragment(root, '#')).toBe(root);
  });
});
