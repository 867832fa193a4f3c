import { describe, expect, it } from 'vitest';
import { closeServersAfterEach, JSON_BODY, mockServer } from '../support/servers.js';

closeServersAfterEach();

const headers = { ...JSON_BODY, 'x-mock-session': 'burst' };

describe('the stateful simulator under concurrent requests', () => {
  it('keeps all of 300 parallel creates of distinct ids', async () => {
    const server = await mockServer({ spec: 'test/fixtures/plantstore-crud.yaml', stateful: true });
    const ids = Array.from({ length: 300 }, (_, i) => i + 1);
    const created = await Promise.all(
      ids.map((id) => server.inject({ method: 'POST', url: '/plants', headers, payload: JSON.stringify({ id, name: `p${id}` }) })),
    );
    expect(created.every((r) => r.statusCode === 200)).toBe(true);
    const read = await Promise.all(ids.map((id) => server.inject({ method: 'GET', url: `/plants/${id}`, headers })));
    expect(read.map((r) => r.json().name)).toEqual(ids.map((id) => `p${id}`));
  });

  it('lets exactly one of 300 parallel creates of one id succeed', async () => {
    const server = await mockServer({ stateful: true });
    const answers = await Promise.all(
      Array.from({ length: 300 }, () => server.inject({ method: 'POST', url: '/plants', headers, payload: '{"id": 5, "name": "Fern"}' })),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 400)).toHaveLength(299);
  });

  it('answers TOO_MANY_RESOURCES beyond --max-resources and keeps what it holds', async () => {
    const server = await mockServer({ stateful: true, maxResources: 2 });
    const create = (id: number) =>
      server.inject({ method: 'POST', url: '/plants', headers, payload: JSON.stringify({ id, name: 'Fern' }) });
    await create(1);
    await create(2);
    const over = await create(3);
    expect([over.statusCode, over.json().error, over.headers['x-mock-error']]).toEqual([507, 50701, 'TOO_MANY_RESOURCES']);
    const state = await server.inject({ method: 'GET', url: '/__mock/state?session=burst' });
    expect(state.json().collections['/plants']).toHaveLength(2);
  });
});
