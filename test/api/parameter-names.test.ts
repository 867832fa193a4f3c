import { describe, expect, it } from 'vitest';
import { closeServersAfterEach, mockServer } from '../support/servers.js';

closeServersAfterEach();

const spec = new URL('./fixtures/parameter-names.yaml', import.meta.url).pathname;

// Prism keys path, query and header parameters by their lower-case names; a message names the parameter as the
// document declares it (a client sends a query name so, and a header's declared spelling is the readable one).
describe('parameter names in validation messages', () => {
  it.each([
    ['/plants?pageSize=abc&sortBy=name', { 'x-trace': 't' }, 'query.pageSize must be integer'],
    ['/plants?pageSize=1', { 'x-trace': 't' }, 'query.sortBy is required'],
    ['/plants?sortBy=size', { 'x-trace': 't' }, 'query.sortBy must be equal to one of the allowed values: name, date'],
    ['/plants?sortBy=name', { 'x-trace': 't', 'x-request-id': 'nope' }, 'header.X-Request-ID must match format "uuid"'],
    ['/plants?sortBy=name', {}, 'header.X-Trace is required'],
    ['/plants/abc', {}, 'path.plantId must be integer'],
  ])('%s %j: %s', async (url, headers, message) => {
    const server = await mockServer({ spec, logLevel: 'silent' });
    const answer = await server.inject({ method: 'GET', url, headers });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe(`Invalid request: ${message}`);
    const [finding] = JSON.parse(String(answer.headers['x-mock-findings'])) as { path: string[] }[];
    expect(finding?.path[0]).toBe(message.split(/[. ]/)[1]);
  });
});
