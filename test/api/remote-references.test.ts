import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeServersAfterEach, mockServer } from '../support/servers.js';

/** A document whose one response schema lives at a URL served by the test, as split public documents do. */
describe('a document with a $ref to a URL', () => {
  closeServersAfterEach();
  let dir: string;
  let schemas: Server;
  let spec: string;
  let downloads = 0;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'remote-ref-'));
    schemas = createServer((_request, response) => {
      downloads += 1;
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({ Thing: { type: 'object', required: ['name'], properties: { name: { type: 'string', example: 'fern' } } } }),
      );
    });
    await new Promise<void>((resolve) => schemas.listen(0, '127.0.0.1', resolve));
    const { port } = schemas.address() as AddressInfo;
    const schema = { $ref: `http://127.0.0.1:${port}/schemas.json#/Thing` };
    const responses = { '200': { description: 'a thing', content: { 'application/json': { schema } } } };
    spec = join(dir, 'remote.json');
    await writeFile(
      spec,
      JSON.stringify({ openapi: '3.0.3', info: { title: 'remote', version: '1' }, paths: { '/things': { get: { responses } } } }),
    );
  });
  afterAll(async () => {
    schemas.close();
    await rm(dir, { recursive: true });
  });

  // Node 22+'s fetch refuses the reference parser's polyfilled AbortSignal: the download failed at once there.
  it('downloads the referenced schema and answers from it on every supported Node', async () => {
    const server = await mockServer({ spec, logLevel: 'silent', allowRemoteRefs: true });
    const answer = await server.inject({ method: 'GET', url: '/things' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ name: 'fern' });
    expect(downloads).toBeGreaterThan(0);
  });

  it('is not fetched without --allow-remote-refs: the load fails naming the URL and the flag', async () => {
    const before = downloads;
    await expect(mockServer({ spec, logLevel: 'silent' })).rejects.toThrow(
      /cannot be loaded: \$ref http:\/\/127\.0\.0\.1:\d+\/schemas\.json is remote; .*--allow-remote-refs/,
    );
    expect(downloads).toBe(before);
  });
});

describe('a document with a $ref to another file', () => {
  closeServersAfterEach();
  const thing = { type: 'object', properties: { name: { type: 'string', example: 'fern' } } };
  const documentReferring = (ref: string) => {
    const responses = { '200': { description: 'a thing', content: { 'application/json': { schema: { $ref: ref } } } } };
    return JSON.stringify({ openapi: '3.0.3', info: { title: 'files', version: '1' }, paths: { '/things': { get: { responses } } } });
  };

  it("follows one inside the document's folder, and refuses one outside it, naming the file", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'file-ref-'));
    try {
      await mkdir(join(dir, 'api/schemas'), { recursive: true });
      await writeFile(join(dir, 'api/schemas/thing.json'), JSON.stringify(thing));
      await writeFile(join(dir, 'secret.json'), JSON.stringify(thing));
      await writeFile(join(dir, 'api/inside.json'), documentReferring('schemas/thing.json'));
      await writeFile(join(dir, 'api/outside.json'), documentReferring('../secret.json'));
      await writeFile(join(dir, 'api/absolute.json'), documentReferring(join(dir, 'secret.json')));
      const inside = await mockServer({ spec: join(dir, 'api/inside.json'), logLevel: 'silent' });
      expect((await inside.inject({ method: 'GET', url: '/things' })).json()).toEqual({ name: 'fern' });
      for (const name of ['outside', 'absolute']) {
        await expect(mockServer({ spec: join(dir, `api/${name}.json`), logLevel: 'silent' })).rejects.toThrow(
          `$ref ${join(dir, 'secret.json')} is outside the document's folder ${join(dir, 'api')}`,
        );
      }
    } finally {
      await rm(dir, { recursive: true });
    }
  });

  it('refuses one reached through a symlink inside the folder that points outside it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'file-ref-'));
    try {
      await mkdir(join(dir, 'api'));
      await mkdir(join(dir, 'outside'));
      await writeFile(join(dir, 'outside/secret.json'), JSON.stringify(thing));
      await symlink(join(dir, 'outside'), join(dir, 'api/link'));
      await writeFile(join(dir, 'api/linked.json'), documentReferring('link/secret.json'));
      await expect(mockServer({ spec: join(dir, 'api/linked.json'), logLevel: 'silent' })).rejects.toThrow(
        `$ref ${join(dir, 'api/link/secret.json')} is outside the document's folder ${join(dir, 'api')}`,
      );
    } finally {
      await rm(dir, { recursive: true });
    }
  });
});
