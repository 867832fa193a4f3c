import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { CoverageReport, MockServer } from '../../src/index.js';
import { closeServersAfterEach, mockServer } from '../support/servers.js';

closeServersAfterEach();

const SHOP = fileURLToPath(new URL('./fixtures/shop.yaml', import.meta.url));
const JSON_TYPE = { 'content-type': 'application/json' };

const order = (mock: MockServer, body: string, headers: Record<string, string> = {}, url = '/orders') =>
  mock.inject({ method: 'POST', url, headers: { ...JSON_TYPE, ...headers }, payload: body });

async function coverage(mock: MockServer, query = ''): Promise<CoverageReport> {
  const response = await mock.inject(`/__mock/coverage${query}`);
  expect(response.statusCode).toBe(200);
  return response.json();
}

const operation = (report: CoverageReport, method: string, path: string) => {
  const found = report.operations.find((o) => o.method === method && o.path === path);
  if (!found) throw new Error(`no ${method} ${path} in the report`);
  return found;
};

describe('GET /__mock/coverage', () => {
  it('counts every request exactly even with the journal off', async () => {
    const mock = await mockServer({ spec: SHOP, journalSize: 0 });
    for (let i = 0; i < 25; i++) await order(mock, '{"item": "tea"}');
    await order(mock, '{"note": "no item"}');
    const report = await coverage(mock);
    const create = operation(report, 'POST', '/orders');
    expect(create).toMatchObject({ operationId: 'createOrder', requests: 26, violations: 1, rejected: { INVALID_REQUEST: 1 } });
    expect(create.responses).toEqual([
      { status: '201', documented: true, served: 25, mediaTypes: [{ mediaType: 'application/json', served: 25 }] },
      { status: '400', documented: true, served: 1, mediaTypes: [{ mediaType: 'application/json', served: 1 }] },
    ]);
    expect(create.answeredBy).toEqual({ echo: 25, rejected: 1 });
    expect(report.summary).toEqual({
      operations: 3,
      operationsExercised: 1,
      documentedResponses: 5,
      documentedResponsesServed: 2,
      percent: 40,
      violations: 1,
      requests: 26,
    });
  });

  it('marks statuses the operation does not document, and leaves out operationId when the document has none', async () => {
    const mock = await mockServer({ spec: SHOP });
    await mock.inject({ method: 'DELETE', url: '/orders/7' });
    await mock.inject({ method: 'DELETE', url: '/orders/seven' });
    const remove = operation(await coverage(mock), 'DELETE', '/orders/{id}');
    expect(remove.operationId).toBeUndefined();
    expect(remove.responses).toEqual([
      { status: '204', documented: true, served: 1, mediaTypes: [{ mediaType: null, served: 1 }] },
      { status: '404', documented: true, served: 0, mediaTypes: [{ mediaType: null, served: 0 }] },
      { status: '400', documented: false, served: 1 },
    ]);
  });

  it('lists optional body properties, parameters and enum values no valid request sent', async () => {
    const mock = await mockServer({ spec: SHOP });
    await order(mock, '{"item": "tea", "size": "small"}', { 'x-trace-id': 'abc' });
    await order(mock, '{"item": "tea", "note": 3}'); // invalid: a rejected request sends nothing
    await mock.inject({ method: 'GET', url: '/orders?status=open' });
    const report = await coverage(mock);
    expect(operation(report, 'POST', '/orders').neverSent).toEqual(['body.note', 'body.size=large', 'query.dryRun']);
    expect(operation(report, 'GET', '/orders').neverSent).toEqual(['query.status=shipped']);
    await order(mock, '{"item": "tea", "note": "hot", "size": "large"}', {}, '/orders?dryRun=true');
    expect(operation(await coverage(mock), 'POST', '/orders').neverSent).toEqual([]);
  });

  it('counts requests that match no operation apart, as violations', async () => {
    const mock = await mockServer({ spec: SHOP });
    await mock.inject({ method: 'GET', url: '/nowhere' });
    await mock.inject({ method: 'PUT', url: '/orders' });
    const report = await coverage(mock);
    expect(report.unmatched).toEqual({ requests: 2, violations: 2, rejected: { METHOD_NOT_ALLOWED: 1, NOT_FOUND: 1 } });
    expect(report.summary.violations).toBe(2);
  });

  it('answers a clear 400 for a bad query', async () => {
    const mock = await mockServer({ spec: SHOP });
    for (const query of ['?format=pdf', '?session=a%20b', '?colour=red']) {
      const response = await mock.inject(`/__mock/coverage${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.headers['x-mock-error']).toBe('INVALID_ADMIN_REQUEST');
      expect(response.body).not.toMatch(/\/work|\bat \w+ \(/);
    }
  });
});
