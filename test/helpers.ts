import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { afterEach } from 'vitest';
import { parse } from 'yaml';
import { createMockServer, type MockServer, type MockServerOptions } from '../src/index.js';

export const AUTH = { authorization: 'Bearer test-token' } as const;
export const JSON_BODY = { ...AUTH, 'content-type': 'application/json' } as const;

const servers: MockServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** A mock server closed after the test. */
export async function mockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const server = await createMockServer(options);
  servers.push(server);
  return server;
}

/** POST /plants with a raw JSON text body (so big integers and odd inputs reach the server as written). */
export function postPlant(server: MockServer, body: string, headers: Record<string, string> = JSON_BODY, url = '/plants') {
  return server.inject({ method: 'POST', url, headers, payload: body });
}

const document = parse(readFileSync(new URL('../openapi.yaml', import.meta.url), 'utf8'));
const ajv = new Ajv({ strict: false, allErrors: true });
ajv.addSchema(document, 'openapi.yaml');
ajv.addFormat('int32', { type: 'number', validate: (n: number) => Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31 });
ajv.addFormat('int64', { type: 'number', validate: Number.isInteger });

/** Asserts a body against a schema of the bundled contract (Plant, NewPlant or Error); returns the errors. */
export function contractErrors(schemaName: 'Plant' | 'NewPlant' | 'Error', body: unknown): string | undefined {
  const validate = ajv.getSchema(`openapi.yaml#/components/schemas/${schemaName}`);
  if (!validate) throw new Error(`no schema ${schemaName}`);
  return validate(body) ? undefined : ajv.errorsText(validate.errors);
}
