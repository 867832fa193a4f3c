import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { type AddressInfo, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, MockConfigError } from '../../src/index.js';
import { runCli } from '../support/cli.js';
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

/** A flat document of `count` operations: big enough that reading it takes more than a millisecond. */
function manyOperations(count: number): object {
  const paths = Object.fromEntries(
    Array.from({ length: count }, (_, i) => [
      `/items${i}/{id}`,
      {
        get: {
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { '204': { description: 'ok' } },
        },
      },
    ]),
  );
  return { openapi: '3.0.3', info: { title: 'many', version: '1' }, paths };
}

describe('startupTimeout', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'start-up-bound-'));
  });
  afterAll(() => rm(dir, { recursive: true }));

  it('stops a start-up that takes longer with one line naming the step it had reached', async () => {
    const spec = join(dir, 'many.json');
    await writeFile(spec, JSON.stringify(manyOperations(3000)));
    const failure = createMockServer({ spec, startupTimeout: 1, logLevel: 'silent' });
    await expect(failure).rejects.toThrow(MockConfigError);
    await expect(failure).rejects.toThrow(/^start-up took longer than 1 ms \(option "startupTimeout"\) and was stopped while .+many\.json/);
    // The document's build was not thrown away: a server with room to load it starts.
    const server = await mockServer({ spec, logLevel: 'silent' });
    expect((await server.inject({ method: 'GET', url: '/items7/x' })).statusCode).toBe(204);
  }, 60_000);

  /** Runs the CLI on a document whose one schema is at a local URL that accepts connections and never answers. */
  async function withSilentReference(args: readonly string[]) {
    const held: Socket[] = [];
    const silent = createServer((socket) => void held.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const spec = join(dir, 'remote.json');
    const remote = { $ref: `http://127.0.0.1:${port}/schemas.json#/Thing` };
    const responses = { '200': { description: 'a thing', content: { 'application/json': { schema: remote } } } };
    const document = { ...manyOperations(0), paths: { '/things': { get: { responses } } } };
    await writeFile(spec, JSON.stringify(document));
    try {
      const started = Date.now();
      const result = await runCli(['--spec', spec, '--port', '0', '--allow-remote-refs', ...args], 25_000);
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      return { lines: result.stderr.trimEnd().split('\n'), took: Date.now() - started };
    } finally {
      for (const socket of held) socket.destroy();
      silent.close();
    }
  }

  it('stops the CLI waiting on a referenced URL that never answers: one line, exit code 2', async () => {
    const { lines, took } = await withSilentReference(['--startup-timeout', '800']);
    expect(lines).toEqual([
      expect.stringMatching(
        /^plantstore-mock: start-up took longer than 800 ms \(--startup-timeout\) and was stopped while .*remote\.json/,
      ),
    ]);
    expect(took).toBeLessThan(10_000);
  }, 30_000);

  it("reports the reference parser's own time-out on a URL as one line, not a crash", async () => {
    const { lines } = await withSilentReference([]);
    expect(lines).toEqual([
      expect.stringMatching(/^plantstore-mock: spec .*remote\.json cannot be loaded: .*127\.0\.0\.1:\d+\/schemas\.json/),
    ]);
  }, 30_000);
});
