import { expect } from 'vitest';
import type { MockServer } from '../../src/index.js';
import { JSON_BODY } from './servers.js';

/** test/fixtures/state/nested-children.yaml: children under each thing, created and deleted by the mock. */
export const NESTED = 'test/fixtures/state/nested-children.yaml';
/** The least --max-state-bytes: a few dozen empty collections fill it. */
export const SMALL_BUDGET = 1024;

const at = (servers: readonly MockServer[], i: number) => servers[i % servers.length] as MockServer;

/**
 * Children created and deleted under ever-new parents (through the servers in turn): each collection
 * stays with its id counter and is charged, so --max-state-bytes (SMALL_BUDGET) ends it; answers how
 * many parents fitted.
 */
export async function createAndDeleteUnderNewParents(servers: readonly MockServer[], session: string): Promise<number> {
  const headers = { ...JSON_BODY, 'x-mock-session': session };
  for (let thing = 1; thing <= 200; thing++) {
    const url = `/things/${thing}/children`;
    const created = await at(servers, thing).inject({ method: 'POST', url, headers, payload: '{"name":"Kid"}' });
    if (created.statusCode === 507) return thing - 1;
    expect(created.statusCode).toBe(201);
    expect((await at(servers, thing + 1).inject({ method: 'DELETE', url: `${url}/1`, headers })).statusCode).toBe(204);
  }
  return 200;
}

/** `PUT /__mock/state` of 10,000 empty collections (and one emptied) leaves none of them in the session. */
export async function putEmptyCollections(servers: readonly MockServer[], session: string): Promise<void> {
  const put = (i: number, collections: Record<string, unknown[]>) =>
    at(servers, i).inject({
      method: 'PUT',
      url: `/__mock/state?session=${session}`,
      headers: { 'content-type': 'application/json' },
      payload: { collections },
    });
  const empty = Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`/things/${i + 1}/children`, []]));
  expect((await put(0, empty)).json().collections).toEqual({ '/things': [] });
  expect((await put(1, { '/things/1/children': [{ id: 1, name: 'Kid' }] })).statusCode).toBe(200);
  const emptied = await put(2, { '/things/1/children': [] });
  expect(emptied.json().collections).toEqual({ '/things': [] });
  const view = await at(servers, 3).inject(`/__mock/state?session=${session}`);
  expect(view.json().collections).toEqual({ '/things': [] });
}
