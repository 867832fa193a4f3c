import { describe, expect, it } from 'vitest';
import { indistinguishableTwins, mayBeTwins } from './indistinguishable.js';
import type { PrismOperation } from './types.js';

const list = (path: string, name: string, pattern?: string): PrismOperation => ({
  method: 'get',
  path,
  request: {
    path: [{ name, required: true, schema: { type: 'string', ...(pattern && { pattern }), 'x-stoplight': { id: name } } }],
    query: [{ name: 'pageSize', schema: { type: 'integer' }, examples: [] }],
  },
  responses: [{ code: '200' }],
});

describe('operations no request can tell apart', () => {
  it('are those of one method and template shape whose parameters differ only in names and words', () => {
    const project = list('/v1/{project}/subscriptions', 'project');
    const topic = list('/v1/{topic}/subscriptions', 'topic');
    const named = list('/v1/{name}/subscriptions', 'name', '^projects/[^/]+$');
    const other = list('/v1/{topic}/snapshots', 'topic');
    expect(indistinguishableTwins(topic, [project, topic, named, other])).toEqual([project]);
    expect(indistinguishableTwins(named, [project, topic, named, other])).toEqual([]);
  });

  it('may be twins only with one method and template shape, told before reading the operations', () => {
    expect(mayBeTwins({ method: 'get', path: '/v1/{project}/x' }, { method: 'get', path: '/v1/{topic}/x' })).toBe(true);
    expect(mayBeTwins({ method: 'get', path: '/v1/{project}/x' }, { method: 'put', path: '/v1/{topic}/x' })).toBe(false);
    expect(mayBeTwins({ method: 'get', path: '/v1/{project}/x' }, { method: 'get', path: '/v1/{topic}/y' })).toBe(false);
  });
});
