import { describe, expect, it } from 'vitest';
import { AUTH, closeServersAfterEach, JSON_BODY, mockServer, postPlant } from '../support/servers.js';
import { extensionsSpec } from './fixtures-serve.js';

closeServersAfterEach();

const NO_NAME = JSON.stringify({ id: 3 });

describe('validation switches', () => {
  it('--no-validate-request answers an invalid request as if valid and reports what is wrong', async () => {
    const server = await mockServer({ validateRequest: false });
    const response = await postPlant(server, NO_NAME);
    expect(response.statusCode).toBe(200);
    const findings = JSON.parse(String(response.headers['x-mock-findings']));
    expect(findings).toContainEqual(expect.objectContaining({ location: 'body', code: 'required' }));
    const journal = (await server.inject('/__mock/journal')).json();
    const entry = journal.entries?.[0] ?? journal[0];
    expect(entry.invalid).toBe(true);
    expect(entry.findings.length).toBeGreaterThan(0);
    expect(entry.source).toContain('waived INVALID_REQUEST');
    const coverage = server.coverage();
    expect(JSON.stringify(coverage)).toMatch(/"violations":1/);
  });

  it('keeps checking credentials: a request without them is still 401', async () => {
    const server = await mockServer({ validateRequest: false });
    const response = await postPlant(server, NO_NAME, { 'content-type': 'application/json' });
    expect(response.statusCode).toBe(401);
  });

  it('Prefer: validate=false waives one request; validate=true restores validation on a lenient server', async () => {
    const strict = await mockServer();
    expect((await postPlant(strict, NO_NAME)).statusCode).toBe(400);
    expect((await postPlant(strict, NO_NAME, { ...JSON_BODY, prefer: 'validate=false' })).statusCode).toBe(200);
    const lenient = await mockServer({ validateRequest: false });
    expect((await postPlant(lenient, NO_NAME, { ...JSON_BODY, prefer: 'validate=true' })).statusCode).toBe(400);
  });

  it('Prefer: validate with another value is refused as a bad forcing', async () => {
    const server = await mockServer();
    const response = await postPlant(server, JSON.stringify({ id: 1, name: 'Fern' }), { ...JSON_BODY, prefer: 'validate=maybe' });
    expect(response.statusCode).toBe(422);
  });

  it("an operation's x-mock-validate: false waives its own requests only", async () => {
    const server = await mockServer({ spec: extensionsSpec() });
    const headers = { 'content-type': 'application/json' };
    const lenient = await server.inject({ method: 'POST', url: '/lenient', headers, payload: '{"name": 5}' });
    expect(lenient.statusCode).toBe(201);
    expect(lenient.headers['x-mock-findings']).toBeDefined();
    const strict = await server.inject({ method: 'POST', url: '/strict', headers, payload: '{"name": 5}' });
    expect(strict.statusCode).toBe(400);
  });

  it('a valid request on a lenient server carries no findings', async () => {
    const server = await mockServer({ validateRequest: false });
    const response = await postPlant(server, JSON.stringify({ id: 1, name: 'Fern' }), { ...AUTH, 'content-type': 'application/json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-mock-findings']).toBeUndefined();
  });
});
