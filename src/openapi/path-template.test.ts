import { describe, expect, it } from 'vitest';
import type { MockOperation } from './operation.js';
import { basePathOf, bySpecificity, compileTemplate, routingProblems } from './path-template.js';

describe('path templates', () => {
  it('reads parameters mixed with text, the last one taking what follows the last separator', () => {
    const { pattern, names } = compileTemplate('/tiles/{position}.{ext}');
    expect(names).toEqual(['position', 'ext']);
    expect(pattern.exec('/tiles/a.b.png')?.slice(1)).toEqual(['a.b', 'png']);
    expect(compileTemplate('/c(x={x},y={y})').pattern.exec('/c(x=1,y=2)')?.slice(1)).toEqual(['1', '2']);
  });

  it('gives a closed parameter after an open one the longest of its values that ends the path', () => {
    const ends = (values: readonly string[], sent: string) =>
      compileTemplate('/files/{name}{ext}', (index) => (index === 1 ? values : undefined))
        .pattern.exec(sent)
        ?.slice(1);
    expect(ends(['.gz', '.tar.gz'], '/files/a.tar.gz')).toEqual(['a', '.tar.gz']);
    expect(ends(['.json', ''], '/files/fern.json')).toEqual(['fern', '.json']);
    expect(ends(['.json', ''], '/files/fern')).toEqual(['fern', '']);
    expect(ends(['.json', ''], '/files/a.b.json')).toEqual(['a.b', '.json']);
  });

  it('matches a parameter touching another to its closed values first, else guesses the split', () => {
    const closed = (index: number) => (index === 1 ? ['.json', '.js'] : undefined);
    const { pattern } = compileTemplate('/{page}{ext}', closed);
    expect(pattern.exec('/get.started.json')?.slice(1)).toEqual(['get.started', '.json']);
    expect(pattern.exec('/a.js')?.slice(1)).toEqual(['a', '.js']);
    expect(pattern.exec('/a.xml')?.slice(1)).toEqual(['a.xm', 'l']);
    // A closed parameter that touches nothing keeps its open reading (its value is checked, not routed).
    expect(
      compileTemplate('/tiles/{position}.{ext}', () => ['png'])
        .pattern.exec('/tiles/a.gif')
        ?.slice(1),
    ).toEqual(['a', 'gif']);
  });

  it('orders templates most specific first, segment by segment', () => {
    expect(['/posts/{id}', '/posts/{id}.json', '/{any}/{id}'].sort(bySpecificity)).toEqual([
      '/posts/{id}.json',
      '/posts/{id}',
      '/{any}/{id}',
    ]);
    expect(['/users/{id}/posts', '/users/me/{tab}'].sort(bySpecificity)).toEqual(['/users/me/{tab}', '/users/{id}/posts']);
  });

  it('finds malformed, ambiguous and unreachable templates', () => {
    const op = (method: string, path: string) => ({ id: `${method} ${path}`, method, path }) as MockOperation;
    const problems = routingProblems([
      op('GET', '/a/{x'),
      op('GET', '/b/{x}{y}'),
      op('GET', '/c/{x}'),
      op('GET', '/c/{y}'),
      op('PUT', '/c/{z}'),
    ]);
    expect(problems.map((p) => [p.path, p.message])).toEqual([
      ['/a/{x', 'a "{" without its "}"; it is matched as literal text'],
      ['/b/{x}{y}', 'two parameters touch: where one ends is read from an enum of either, else guessed'],
      ['/c/{y}', 'unreachable: GET /c/{x} matches every request it would'],
    ]);
  });

  it("takes a server's base path, its variables from their enum or default", () => {
    expect(basePathOf({ url: 'https://api.example.com' })).toBeUndefined();
    expect(basePathOf({ url: '/' })).toBeUndefined();
    const base = basePathOf({
      url: '{scheme}://x.example.com/{stage}/v1/',
      variables: { stage: { default: 'prod', enum: ['prod', 'dev'] } },
    });
    expect(base?.template).toBe('/{stage}/v1');
    expect(base?.prefix.exec('/dev/v1/pets')?.[0]).toBe('/dev/v1');
    expect(base?.prefix.exec('/qa/v1/pets')).toBeNull();
    expect(basePathOf({ url: '/api/{version}', variables: { version: { default: 'v3' } } })?.prefix.exec('/api/v9/x')?.[0]).toBe('/api/v9');
  });

  it("leaves out a base path segment whose variable's enum holds an empty value", () => {
    const base = basePathOf({ url: 'https://x.example.com/api/{stage}', variables: { stage: { default: '', enum: ['', 'beta'] } } });
    expect(base?.prefix.exec('/api/plants')?.[0]).toBe('/api');
    expect(base?.prefix.exec('/api/beta/plants')?.[0]).toBe('/api/beta');
    expect(base?.prefix.exec('/api/qa/plants')?.[0]).toBe('/api');
    const inner = basePathOf({ url: '/{stage}/v1', variables: { stage: { default: 'prod', enum: ['prod', ''] } } });
    expect(inner?.prefix.exec('/v1/pets')?.[0]).toBe('/v1');
    expect(inner?.prefix.exec('/prod/v1/pets')?.[0]).toBe('/prod/v1');
    const glued = basePathOf({ url: '/v1{suffix}', variables: { suffix: { default: '', enum: ['', '-beta'] } } });
    expect(glued?.prefix.exec('/v1/pets')?.[0]).toBe('/v1');
    expect(glued?.prefix.exec('/v1-beta/pets')?.[0]).toBe('/v1-beta');
  });
});

describe('path patterns on hostile shapes', () => {
  const within = (ms: number, run: () => unknown) => {
    const started = performance.now();
    const result = run();
    expect(performance.now() - started).toBeLessThan(ms);
    return result;
  };

  it('match a long path in bounded time where parameters share a segment', () => {
    const { pattern } = compileTemplate('/{a}{b}{c}{d}.json');
    expect(within(1000, () => pattern.exec(`/${'a'.repeat(400)}`))).toBeNull();
    expect(pattern.exec('/abcd.json')?.slice(1)).toEqual(['a', 'b', 'c', 'd']);
    const pair = compileTemplate('/tiles/{position}.{ext}').pattern;
    expect(pair.exec('/tiles/a.b.png')?.slice(1)).toEqual(['a.b', 'png']);
    // Past the length the engine runs them on, the same groups from RE2.
    expect(pair.exec(`/tiles/${'a.'.repeat(1_000)}png`)?.slice(1)).toEqual([`${'a.'.repeat(999)}a`, 'png']);
  });

  it('match a base path in bounded time where variables share a segment or may be empty', () => {
    const free = basePathOf({ url: '/{a}{b}{c}x' });
    expect(within(1000, () => free?.prefix.exec(`/${'a'.repeat(3000)}/`))).toBeNull();
    expect(free?.prefix.exec('/abcx/pets')?.[0]).toBe('/abcx');
    const names = Array.from({ length: 24 }, (_, i) => `v${i}`);
    const optional = basePathOf({
      url: `/${names.map((name) => `{${name}}`).join('')}x`,
      variables: Object.fromEntries(names.map((name) => [name, { default: '', enum: ['', 'a', 'aa'] }])),
    });
    expect(within(1000, () => optional?.prefix.exec(`/${'a'.repeat(40)}/`))).toBeNull();
    expect(optional?.prefix.exec('/aaax/pets')?.[0]).toBe('/aaax');
    const segments = Array.from({ length: 30 }, (_, i) => `{s${i}}`);
    const many = basePathOf({
      url: `/${segments.join('/')}/end`,
      variables: Object.fromEntries(segments.map((s) => [s.slice(1, -1), { default: '', enum: ['', 'a'] }])),
    });
    expect(within(1000, () => many?.prefix.exec(`${'/a'.repeat(15)}/b/`))).toBeNull();
    expect(many?.prefix.exec('/a/a/end/pets')?.[0]).toBe('/a/a/end');
  });
});

describe('routingProblems on path keys with a #fragment', () => {
  it('names only the operations nothing else tells apart', () => {
    const operations = [
      { id: 'open', method: 'POST', path: '/#X-Amz-Target=Open' },
      { id: 'close', method: 'POST', path: '/#X-Amz-Target=Close' },
      { id: 'events', method: 'POST', path: '/events#x-amz-Client-Context' },
      { id: 'tags', method: 'DELETE', path: '/tags/{arn}#TagKeys' },
      { id: 'tagsAgain', method: 'DELETE', path: '/tags/{resource}#TagKeys' },
    ] as MockOperation[];
    expect(routingProblems(operations)).toEqual([
      {
        operation: 'tagsAgain',
        path: '/tags/{resource}#TagKeys',
        message: 'unreachable: DELETE /tags/{arn}#TagKeys matches every request it would',
      },
    ]);
  });
});

describe('routingProblems at load', () => {
  it('reads the parameters and body only of operations whose templates share a shape', () => {
    const read: string[] = [];
    const op = (method: string, path: string) => {
      const operation = { id: `${method} ${path}`, method, path };
      // An operation's parameters and body come from the document on first use: reading them at load costs.
      for (const part of ['parameters', 'requestBody'])
        Object.defineProperty(operation, part, { get: () => void read.push(`${operation.id} ${part}`) });
      return operation as MockOperation;
    };
    const problems = routingProblems([op('GET', '/a/{x}'), op('GET', '/b/{x}'), op('GET', '/b/{y}'), op('PUT', '/c/{z}')]);
    expect(problems.map((p) => p.path)).toEqual(['/b/{y}']);
    expect(read.every((entry) => entry.startsWith('GET /b/'))).toBe(true);
  });
});
