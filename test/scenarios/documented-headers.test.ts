import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../src/index.js';
import { scenarioDir } from '../support/scenarios.js';

const SPEC = `
openapi: 3.0.3
info: { title: headers, version: '1' }
paths:
  /plants:
    post:
      operationId: createPlant
      requestBody:
        required: true
        content:
          application/json:
            schema: { type: object, required: [name], properties: { name: { type: string } } }
      responses:
        '200':
          description: created
          headers:
            X-Request-Cost: { required: true, schema: { type: integer, example: 3 } }
            X-Optional: { schema: { type: string, example: maybe } }
          content:
            application/json:
              schema: { type: object, required: [name], properties: { name: { type: string } } }
        '400':
          description: rejected
          headers:
            X-Error-Id: { required: true, schema: { type: string, example: e-1 } }
          content:
            application/json:
              schema: { type: object, properties: { error: { type: integer }, message: { type: string } } }
`;

const SCENARIO = `
description: answers that leave the headers to the mock
rules:
  - operation: createPlant
    match: { body: { /name: { equals: literal } } }
    respond: { body: { name: literal } }
  - operation: createPlant
    match: { body: { /name: { equals: own } } }
    respond: { headers: { X-Request-Cost: '9' }, body: { name: own } }
  - operation: createPlant
    match: { body: { /name: { equals: error } } }
    respond: { error: { code: INVALID_REQUEST, params: { details: scripted } } }
  - operation: createPlant
    match: { body: { /name: { equals: broken } } }
    respond: { status: 200, body: { name: broken }, offContract: SDK must cope without the header }
`;

describe("scenario answers and the document's response headers", () => {
  let server: MockServer;
  const removers: (() => Promise<void>)[] = [];
  const post = (name: string) =>
    server.inject({ method: 'POST', url: '/plants', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ name }) });

  beforeAll(async () => {
    const specs = await scenarioDir({ 'openapi.yaml': SPEC });
    const scenarios = await scenarioDir({ 'headers.yaml': SCENARIO });
    removers.push(specs.remove, scenarios.remove);
    server = await createMockServer({
      spec: join(specs.dir, 'openapi.yaml'),
      scenariosDir: scenarios.dir,
      bundledScenarios: false,
      scenario: 'headers',
    });
  });
  afterAll(async () => {
    await server?.close();
    for (const remove of removers) await remove();
  });

  it('sends the required documented headers with a scripted body, not the optional ones', async () => {
    const response = await post('literal');
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-request-cost']).toBe('3');
    expect(response.headers['x-optional']).toBeUndefined();
  });

  it("keeps the step's own value of a documented header", async () => {
    expect((await post('own')).headers['x-request-cost']).toBe('9');
  });

  it("sends the error response's required headers with a scripted error", async () => {
    const response = await post('error');
    expect(response.statusCode).toBe(400);
    expect(response.headers['x-error-id']).toBe('e-1');
  });

  it('adds nothing to a step that leaves the contract on purpose', async () => {
    const response = await post('broken');
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-request-cost']).toBeUndefined();
  });
});
