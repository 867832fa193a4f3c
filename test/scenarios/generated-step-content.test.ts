import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../src/index.js';
import { scenarioDir } from '../support/scenarios.js';

// The JSON content is not the first: a generated step's body must follow the schema of the content it is labelled with.
const SPEC = `
openapi: 3.0.3
info: { title: contents, version: '1' }
paths:
  /plants:
    get:
      operationId: listPlants
      responses:
        '200':
          description: the plants
          content:
            text/plain:
              schema: { type: string, minLength: 3 }
            application/json:
              schema:
                type: object
                required: [name, leaves]
                properties: { name: { type: string }, leaves: { type: integer } }
`;

const SCENARIO = `
description: a generated answer
rules:
  - operation: listPlants
    respond: { generate: { seed: 3 } }
`;

describe('a scenario step that generates its body', () => {
  let server: MockServer;
  const removers: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    const specs = await scenarioDir({ 'openapi.yaml': SPEC });
    const scenarios = await scenarioDir({ 'generated.yaml': SCENARIO });
    removers.push(specs.remove, scenarios.remove);
    server = await createMockServer({ spec: join(specs.dir, 'openapi.yaml'), scenariosDir: scenarios.dir, bundledScenarios: false });
  });
  afterAll(async () => {
    await server?.close();
    for (const remove of removers) await remove();
  });

  it('generates from the schema of the JSON content it is labelled with, not the first content', async () => {
    const response = await server.inject({ method: 'GET', url: '/plants', headers: { 'x-mock-scenario': 'generated' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = response.json() as { name: unknown; leaves: unknown };
    expect(typeof body.name).toBe('string');
    expect(Number.isInteger(body.leaves)).toBe(true);
  });
});
