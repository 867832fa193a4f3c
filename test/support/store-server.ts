import { afterAll, beforeAll } from 'vitest';
import type { MockServer } from '../../src/index.js';
import { type StoreServer, startStoreServer } from './infrastructure.js';
import { JSON_BODY } from './servers.js';

/**
 * A real Valkey/Redis server for the tests of the describe block it is called in: started before them,
 * stopped after. Its fields are read in the tests (the server starts in beforeAll).
 */
export function storeServerForTests(): StoreServer {
  let server: StoreServer | undefined;
  beforeAll(async () => {
    server = await startStoreServer();
  });
  afterAll(async () => {
    await server?.stop();
  });
  const started = (): StoreServer => {
    if (server === undefined) throw new Error('the store server starts in beforeAll: read it in a test');
    return server;
  };
  return {
    get url() {
      return started().url;
    },
    get port() {
      return started().port;
    },
    get pid() {
      return started().pid;
    },
    stop: () => started().stop(),
    start: () => started().start(),
    command: (...args) => started().command(...args),
  };
}

/** Headers of a JSON request of the session. */
export const asSession = (session: string) => ({ ...JSON_BODY, 'x-mock-session': session });

/** A request of the session through one replica, its body as JSON. */
export const callAs = (server: MockServer, session: string, method: string, url: string, body?: unknown) =>
  server.inject({
    method: method as 'GET',
    url,
    headers: asSession(session),
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });

/** A scenario whose sessions hold their records: a request of one is decided on the session held. */
export const CRUD_SCENARIO = { 'crud.yaml': 'description: Remembers what is created.\nstateful: true\n' };

/** `PUT /__mock/scenario` of a session through one replica; answers the status. */
export async function chooseScenario(server: MockServer, session: string | undefined, scenario: string | null): Promise<number> {
  const chosen = await server.inject({
    method: 'PUT',
    url: '/__mock/scenario',
    headers: { 'content-type': 'application/json' },
    payload: { ...(session === undefined ? {} : { session }), scenario },
  });
  return chosen.statusCode;
}
