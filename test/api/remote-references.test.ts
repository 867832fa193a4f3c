import { mkdtemp, rm, writeFile } from 'node:fs/promises';
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
    const server = await mockServer({ spec, logLevel: 'silent' });
    const answer = await server.inject({ method: 'GET', url: '/things' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ name: 'fern' });
    expect(downloads).toBeGreaterThan(0);
  });
});
