import { afterEach } from 'vitest';
import { createMockServer, type MockServer, type MockServerOptions } from '../../src/index.js';

export const AUTH = { authorization: 'Bearer test-token' } as const;
export const JSON_BODY = { ...AUTH, 'content-type': 'application/json' } as const;

const servers: MockServer[] = [];
let closing = false;

/** Closes the servers mockServer() started after each test of the calling file; call it once, at the file's top. */
export function closeServersAfterEach(): void {
  if (closing) return;
  closing = true;
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });
}

/** A mock server closed after the test (the file calls closeServersAfterEach()). */
export async function mockServer(options: MockServerOptions = {}): Promise<MockServer> {
  if (!closing) throw new Error('call closeServersAfterEach() at the top of the test file before mockServer()');
  const server = await createMockServer(options);
  servers.push(server);
  return server;
}

/** POST /plants with a raw JSON text body (so big integers and odd inputs reach the server as written). */
export function postPlant(server: MockServer, body: string, headers: Record<string, string> = JSON_BODY, url = '/plants') {
  return server.inject({ method: 'POST', url, headers, payload: body });
}
