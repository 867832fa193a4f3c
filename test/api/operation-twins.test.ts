import { describe, expect, it } from 'vitest';
import type { MockServer } from '../../src/index.js';
import { closeServersAfterEach, mockServer } from '../support/servers.js';

closeServersAfterEach();

const spec = new URL('./fixtures/operation-twins.yaml', import.meta.url).pathname;
const amzJson = 'application/x-amz-json-1.1';

/** An AWS JSON call: every operation is `POST /`, the one meant named by its `X-Amz-Target`. */
function amzCall(server: MockServer, target: string, body: object) {
  return server.inject({
    method: 'POST',
    url: '/',
    headers: { 'x-amz-target': target, 'content-type': amzJson },
    payload: JSON.stringify(body),
  });
}

describe('operations that share one path and method', () => {
  it("tells AWS operations apart by the fragment's X-Amz-Target header", async () => {
    const server = await mockServer({ spec });
    const open = await amzCall(server, 'Tunnel.Open', { name: 't' });
    expect([open.statusCode, open.json()]).toEqual([200, { opened: true }]);
    const close = await amzCall(server, 'Tunnel.Close', { tunnelId: 'x' });
    expect([close.statusCode, close.json()]).toEqual([200, { closed: true }]);
    // A target no operation names still reaches one, whose own header enum rejects it.
    const unknown = await amzCall(server, 'Tunnel.Rotate', { name: 't' });
    expect(unknown.statusCode).toBe(400);
  });

  it("tells Azure's overloads apart by the request body's media type", async () => {
    const server = await mockServer({ spec });
    const json = await server.inject({ method: 'POST', url: '/ocr', payload: { url: 'https://x.test/a.png' } });
    expect([json.statusCode, json.json()]).toEqual([200, { source: 'url' }]);
    const stream = await server.inject({
      method: 'POST',
      url: '/ocr',
      headers: { 'content-type': 'application/octet-stream' },
      payload: Buffer.from([1, 2, 3]),
    });
    expect([stream.statusCode, stream.json()]).toEqual([200, { source: 'stream' }]);
  });

  it('tells templates of one shape apart by the schema that accepts the path value', async () => {
    const server = await mockServer({ spec });
    const byId = await server.inject({ url: '/attachments/0b6c4d8e-3f0a-4b8e-9a51-2f1c7d9e6a10' });
    expect([byId.statusCode, byId.json()]).toEqual([200, { by: 'id' }]);
    const byName = await server.inject({ url: '/attachments/report.pdf' });
    expect([byName.statusCode, byName.json()]).toEqual([200, { by: 'name' }]);
  });

  it('tells templates of one shape apart by the query parameters each requires', async () => {
    const server = await mockServer({ spec });
    const job = await server.inject({ url: '/jobs/transferJobs%2F1?projectId=p' });
    expect([job.statusCode, job.json()]).toEqual([200, { kind: 'job' }]);
    const list = await server.inject({ url: '/jobs/transferOperations?filter=%7B%7D&pageSize=2' });
    expect([list.statusCode, list.json()]).toEqual([200, { kind: 'operations' }]);
    // Both DELETEs take a request with projectId: the one requiring more of what was sent answers.
    const deleteJob = await server.inject({ method: 'DELETE', url: '/jobs/j?projectId=p' });
    expect(deleteJob.statusCode).toBe(204);
    const deletePool = await server.inject({ method: 'DELETE', url: '/jobs/pools' });
    expect([deletePool.statusCode, deletePool.json()]).toEqual([200, { kind: 'pool' }]);
  });

  it('tells templates of one shape apart by the body schema the JSON body satisfies', async () => {
    const server = await mockServer({ spec });
    const asString = await server.inject({ method: 'POST', url: '/offers/c1', payload: { price: '10.00' } });
    expect([asString.statusCode, asString.json()]).toEqual([200, { price: 'string' }]);
    const asObject = await server.inject({ method: 'POST', url: '/offers/c1', payload: { price: { amount: '10.00' } } });
    expect([asObject.statusCode, asObject.json()]).toEqual([200, { price: 'object' }]);
    // A body neither takes reaches the first twin, whose validation rejects it.
    const neither = await server.inject({ method: 'POST', url: '/offers/c1', payload: { price: 10 } });
    expect(neither.statusCode).toBe(400);
  });

  it('names at start-up only the twins nothing tells apart', async () => {
    const lines: string[] = [];
    await mockServer({ spec, logLevel: 'warn', logStream: { write: (line: string) => lines.push(line) } });
    const warnings = lines.filter((line) => line.includes('unreachable'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('GET /twins/{a}');
  });
});
