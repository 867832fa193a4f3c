import { describe, expect, it } from 'vitest';
import { parseUpstream, upstreamPath } from './upstream-target.js';

const upstream = parseUpstream('http://127.0.0.1:8080/v1/');

describe('upstreamPath', () => {
  it.each([
    '/..',
    '/.',
    '/a/..',
    '/a/../b',
    '/a/./',
    '/a/.%2E/b',
    '/a/%2e',
    '/a/%2F',
    '/a\\b',
    '/a/..;/b',
    '/a/.;x/b',
    '/a/%2e%2e;x/b',
    '/a/..%3b/b',
    '/..#',
    '/a/..#x',
    '/..%3F',
    '/a/..%3fx=1',
    '/a/.%23',
    '/a/..%00',
    '/a/..\0b',
  ])('refuses %s, which could leave the base path', (path) => {
    expect(upstreamPath(upstream, path, {})).toBeUndefined();
  });

  it.each(['/a/...', '/a/.b', '/a/b.', '/a..b', '/%2e%2e%2e', '/a/b;..', '/a/...;x'])(
    'forwards %s, whose dots make no dot segment',
    (path) => {
      expect(upstreamPath(upstream, path, {})).toBe(`/v1${path}`);
    },
  );

  it('joins the base path, the path and the query as parsed', () => {
    expect(upstreamPath(upstream, '/plants', { q: 'a b', tag: ['x', 'y'] })).toBe('/v1/plants?q=a%20b&tag=x&tag=y');
  });

  it.each([
    ['//evil.example/x', '/evil.example/x'],
    ['///x', '/x'],
    ['/plants//7///photos', '/plants/7/photos'],
  ])('merges the slashes of %s, so no target reads as scheme-relative', (path, merged) => {
    expect(upstreamPath(upstream, path, {})).toBe(`/v1${merged}`);
    expect(upstreamPath(parseUpstream('http://127.0.0.1:8080'), path, {})).toBe(merged);
    expect(upstreamPath(parseUpstream('http://127.0.0.1:8080/'), path, {})).toBe(merged);
  });

  it('merges the slashes of the base path too, and still refuses encoded ones', () => {
    expect(parseUpstream('http://127.0.0.1:8080//v1//').basePath).toBe('/v1');
    expect(upstreamPath(parseUpstream('http://127.0.0.1:8080//'), '/x', {})).toBe('/x');
    expect(upstreamPath(upstream, '/%2F%2Fevil.example', {})).toBeUndefined();
    expect(upstreamPath(upstream, '/%2f/evil.example', {})).toBeUndefined();
  });
});
