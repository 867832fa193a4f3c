import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeServersAfterEach, mockServer } from '../support/servers.js';

closeServersAfterEach();

/**
 * A document shaped like Stripe's: every schema refers to the next ones twice over, so one operation's
 * schemas unfold to a tree of about 2^14 x 40 nodes, which Prism's reader copies out in full and never finishes.
 */
function sharedGraphDocument(levels: number): object {
  const schemas: Record<string, object> = { Level0: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } };
  for (let i = 1; i <= levels; i++) {
    const extra = Object.fromEntries(Array.from({ length: 40 }, (_, k) => [`field${k}`, { type: 'integer' }]));
    schemas[`Level${i}`] = {
      type: 'object',
      required: ['id'],
      properties: {
        id: { type: 'string' },
        first: { $ref: `#/components/schemas/Level${i - 1}` },
        second: { anyOf: [{ $ref: `#/components/schemas/Level${i - 1}` }, { type: 'string' }] },
        ...extra,
      },
    };
  }
  const top = `#/components/schemas/Level${levels}`;
  return {
    openapi: '3.0.3',
    info: { title: 'shared graph', version: '1' },
    paths: {
      '/things/{id}': {
        get: {
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { '200': { description: 'a thing', content: { 'application/json': { schema: { $ref: top } } } } },
        },
      },
      '/things': {
        post: {
          requestBody: { required: true, content: { 'application/json': { schema: { $ref: top } } } },
          responses: { '201': { description: 'made', content: { 'application/json': { schema: { $ref: top } } } } },
        },
      },
    },
    components: { schemas },
  };
}

describe('a document whose schemas share large parts many times over', () => {
  let dir: string;
  let spec: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'shared-graph-'));
    spec = join(dir, 'api.json');
    await writeFile(spec, JSON.stringify(sharedGraphDocument(14)));
  });
  afterAll(() => rm(dir, { recursive: true }));

  it('loads, answers a read with a body valid for its schema, and validates a create', async () => {
    const server = await mockServer({ spec });
    const read = await server.inject({ method: 'GET', url: '/things/abc' });
    expect(read.statusCode).toBe(200);
    expect(typeof read.json().id).toBe('string');
    const bad = await server.inject({
      method: 'POST',
      url: '/things',
      headers: { 'content-type': 'application/json' },
      payload: '{"first": 5}',
    });
    expect(bad.statusCode).toBe(400);
    const good = await server.inject({
      method: 'POST',
      url: '/things',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ id: 't1', first: { id: 'f1' } }),
    });
    expect(good.statusCode).toBe(201);
  }, 60_000);
});
