import { chmodSync, mkdirSync, mkdtempSync, readdirSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CACHED_FROM_BYTES, openDocumentCache } from './document-cache.js';

const big = (tag: string) => `title: ${tag}\ndescription: ${'x'.repeat(CACHED_FROM_BYTES)}\n`;
const now = { version: '1.0.0', writeDelayMs: 0 };
const fresh = () => join(mkdtempSync(join(tmpdir(), 'doc-cache-')), 'cache');
const entries = (dir: string) => readdirSync(dir).filter((name) => name.endsWith('.json'));

describe('the document cache', () => {
  it('gives back what a large text parsed to, from a private directory and file', () => {
    const dir = fresh();
    const cache = openDocumentCache(dir, now);
    const value = { title: 'a', list: [1, 'two', null, true, { nested: 1.5 }], __proto__x: 1 };
    expect(cache?.get(big('a'))).toBeUndefined();
    cache?.put(big('a'), value);
    expect(openDocumentCache(dir, now)?.get(big('a'))).toEqual({ value });
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, entries(dir)[0] as string)).mode & 0o777).toBe(0o600);
  });

  // A run stopped within the write delay (a test suite's mock, a restart) wrote nothing: the next one missed.
  it('writes what waits for its delay at once when flushed, and once', () => {
    const dir = fresh();
    const cache = openDocumentCache(dir, { ...now, writeDelayMs: 60_000 });
    cache?.put(big('a'), { a: 1 });
    expect(entries(dir)).toEqual([]);
    cache?.flush?.();
    expect(openDocumentCache(dir, now)?.get(big('a'))).toEqual({ value: { a: 1 } });
    cache?.flush?.();
    expect(entries(dir)).toHaveLength(1);
  });

  it('misses for another text or another version of the mock, and keeps no small text', () => {
    const dir = fresh();
    const cache = openDocumentCache(dir, now);
    cache?.put(big('a'), { a: 1 });
    cache?.put('title: small\n', { small: true });
    expect(cache?.get(big('b'))).toBeUndefined();
    expect(openDocumentCache(dir, { ...now, version: '1.0.1' })?.get(big('a'))).toBeUndefined();
    // Another build of the same version (a development build) reads none of its entries.
    expect(openDocumentCache(dir, { ...now, build: 'another-build' })?.get(big('a'))).toBeUndefined();
    const built = openDocumentCache(dir, { ...now, build: 'one-build' });
    built?.put(big('a'), { a: 2 });
    expect(openDocumentCache(dir, { ...now, build: 'one-build' })?.get(big('a'))).toEqual({ value: { a: 2 } });
    expect(openDocumentCache(dir, { ...now, build: 'other-build' })?.get(big('a'))).toBeUndefined();
    expect(cache?.get(big('a'))).toEqual({ value: { a: 1 } });
    expect(cache?.get('title: small\n')).toBeUndefined();
    expect(entries(dir)).toHaveLength(2);
  });

  it('keeps nothing JSON cannot say exactly: infinities, NaN, negative zero', () => {
    const dir = fresh();
    const cache = openDocumentCache(dir, now);
    for (const [i, odd] of [Number.POSITIVE_INFINITY, Number.NaN, -0].entries()) cache?.put(big(`odd${i}`), { minimum: odd });
    expect(entries(dir)).toEqual([]);
  });

  it('reads a damaged entry as a miss', () => {
    const dir = fresh();
    const cache = openDocumentCache(dir, now);
    cache?.put(big('a'), { a: 1 });
    writeFileSync(join(dir, entries(dir)[0] as string), '{"a": ');
    expect(cache?.get(big('a'))).toBeUndefined();
  });

  it('is refused where others could plant a value or it cannot be made: never an error', () => {
    const open = fresh();
    mkdirSync(open, { recursive: true });
    chmodSync(open, 0o777);
    expect(openDocumentCache(open, now)).toBeUndefined();
    const real = fresh();
    mkdirSync(real, { recursive: true, mode: 0o700 });
    const link = `${real}-link`;
    symlinkSync(real, link);
    expect(openDocumentCache(link, now)).toBeUndefined();
    const file = join(mkdtempSync(join(tmpdir(), 'doc-cache-')), 'file');
    writeFileSync(file, '');
    expect(openDocumentCache(join(file, 'cache'), now)).toBeUndefined();
  });

  it('stays within its size, dropping the entries read least recently', () => {
    const dir = fresh();
    const cache = openDocumentCache(dir, { ...now, maxBytes: 2.5 * CACHED_FROM_BYTES });
    const age = (seconds: number) => {
      for (const name of entries(dir)) utimesSync(join(dir, name), seconds, seconds);
    };
    cache?.put(big('a'), { d: 'a'.repeat(CACHED_FROM_BYTES) });
    cache?.put(big('b'), { d: 'b'.repeat(CACHED_FROM_BYTES) });
    age(1_000_000);
    expect(cache?.get(big('a'))).toBeDefined(); // read now: newer than b
    cache?.put(big('c'), { d: 'c'.repeat(CACHED_FROM_BYTES) });
    expect(entries(dir)).toHaveLength(2);
    expect(cache?.get(big('b'))).toBeUndefined();
    expect(cache?.get(big('a'))).toBeDefined();
    expect(cache?.get(big('c'))).toBeDefined();
  });
});
