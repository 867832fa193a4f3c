import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BUNDLED_SPEC } from '../../src/index.js';
import { scenarioDir } from '../support/scenarios.js';
import { closeServersAfterEach, JSON_BODY, mockServer } from '../support/servers.js';

closeServersAfterEach();

const PETS = fileURLToPath(new URL('../fixtures/pets.yaml', import.meta.url));
const ORDERS = fileURLToPath(new URL('../fixtures/multi/orders.yaml', import.meta.url));
const PET_KEY = { 'x-api-key': 'k' };
const PLANT = JSON.stringify({ id: 1, name: 'Monstera', tag: 'indoor' });
const TOM_ONLY = [
  'description: one pet',
  'spec: pets',
  'rules:',
  '  - operation: listPets',
  '    respond: { status: 200, body: [{ id: 7, name: Tom }] }',
];

describe('admin routes with ?spec= on several documents', () => {
  it('switches and reads the scenario of the document named', async () => {
    const { dir, remove } = await scenarioDir({ 'tom-only.yaml': TOM_ONLY.join('\n') });
    try {
      const server = await mockServer({ spec: [BUNDLED_SPEC, `/pets=${PETS}`], scenariosDir: dir });
      const listed = (await server.inject('/__mock/scenarios?spec=pets')).json();
      expect(listed.scenarios.map((s: { name: string }) => s.name)).toEqual(['tom-only']);
      // Without `spec`, the first document's, as with one document.
      expect((await server.inject('/__mock/scenarios')).json().scenarios).toEqual([]);
      const put = await server.inject({
        method: 'PUT',
        url: '/__mock/scenario?spec=pets',
        headers: JSON_BODY,
        payload: '{"scenario":"tom-only"}',
      });
      expect(put.json()).toEqual({ session: null, scenario: 'tom-only' });
      expect((await server.inject({ url: '/pets/pets', headers: PET_KEY })).json()).toEqual([{ id: 7, name: 'Tom' }]);
      expect((await server.inject('/__mock/scenario?spec=pets')).json().scenario).toBe('tom-only');
      expect((await server.inject('/__mock/scenario')).json().scenario).toBeNull();
      // The first document has no such scenario.
      const wrong = await server.inject({ method: 'PUT', url: '/__mock/scenario', headers: JSON_BODY, payload: '{"scenario":"tom-only"}' });
      expect(wrong.statusCode).toBe(422);
      // A session's scenario, of that document.
      const session = { ...JSON_BODY, 'x-mock-session': 's1' };
      await server.inject({ method: 'PUT', url: '/__mock/scenario?spec=pets', headers: JSON_BODY, payload: '{"scenario":null}' });
      await server.inject({
        method: 'PUT',
        url: '/__mock/scenario?spec=pets',
        headers: JSON_BODY,
        payload: '{"scenario":"tom-only","session":"s1"}',
      });
      expect((await server.inject({ url: '/pets/pets', headers: { ...PET_KEY, ...session } })).json()).toEqual([{ id: 7, name: 'Tom' }]);
      expect((await server.inject({ url: '/pets/pets', headers: PET_KEY })).json()).toEqual([{ id: 1, name: 'Tom', kind: 'cat' }]);
      expect((await server.inject('/__mock/scenario?spec=pets&session=s1')).json()).toEqual({ session: 's1', scenario: 'tom-only' });
    } finally {
      await remove();
    }
  });

  it('shows and resets the records of the document named', async () => {
    const server = await mockServer({ spec: [BUNDLED_SPEC, `/shop=${BUNDLED_SPEC}`], stateful: true });
    expect((await server.inject({ method: 'POST', url: '/shop/plants', headers: JSON_BODY, payload: PLANT })).statusCode).toBe(200);
    const shop = (await server.inject('/__mock/state?spec=shop')).json();
    expect(Object.values(shop.collections).flat()).toHaveLength(1);
    expect(Object.values((await server.inject('/__mock/state')).json().collections).flat()).toHaveLength(0);
    await server.inject({ method: 'POST', url: '/__mock/reset?spec=openapi', headers: JSON_BODY, payload: '{}' });
    expect(Object.values((await server.inject('/__mock/state?spec=shop')).json().collections).flat()).toHaveLength(1);
    // Without `spec`, a reset forgets every document's records.
    await server.inject({ method: 'POST', url: '/__mock/reset', headers: JSON_BODY, payload: '{}' });
    expect(Object.values((await server.inject('/__mock/state?spec=shop')).json().collections).flat()).toHaveLength(0);
  });

  it('describes the document named', async () => {
    const server = await mockServer({ spec: [BUNDLED_SPEC, `/pets=${PETS}`] });
    expect((await server.inject('/__mock/document?spec=pets')).json().title).toBe('Pets');
    expect((await server.inject('/__mock/document')).json().title).not.toBe('Pets');
  });

  it('answers 400 naming the documents served for an unknown name, on every such route', async () => {
    const server = await mockServer({ spec: [BUNDLED_SPEC, `/pets=${PETS}`] });
    const routes = [
      { url: '/__mock/scenarios?spec=nope' },
      { url: '/__mock/scenario?spec=nope' },
      { method: 'PUT' as const, url: '/__mock/scenario?spec=nope', headers: JSON_BODY, payload: '{"scenario":null}' },
      { method: 'POST' as const, url: '/__mock/reset?spec=nope', headers: JSON_BODY, payload: '{}' },
      { url: '/__mock/state?spec=nope' },
      { url: '/__mock/document?spec=nope' },
    ];
    for (const route of routes) {
      const response = await server.inject(route);
      expect(response.statusCode, route.url).toBe(400);
      expect(response.json().message).toContain('no document named "nope"; served: openapi, pets');
    }
  });

  it('describes ?spec= in the admin OpenAPI document', async () => {
    const server = await mockServer({});
    const paths = (await server.inject('/__mock/openapi.json')).json().paths;
    const named = (operation: { parameters?: { name: string }[] }) => operation.parameters?.map((p) => p.name) ?? [];
    for (const [path, method] of [
      ['/__mock/scenarios', 'get'],
      ['/__mock/scenario', 'get'],
      ['/__mock/scenario', 'put'],
      ['/__mock/reset', 'post'],
      ['/__mock/state', 'get'],
      ['/__mock/document', 'get'],
    ] as const)
      expect(named(paths[path][method]), `${method} ${path}`).toContain('spec');
  });
});

describe('the stateful simulator under a base path', () => {
  it('writes a Location that includes the document`s base path, which reads the record back', async () => {
    const server = await mockServer({ spec: [BUNDLED_SPEC, ORDERS], stateful: true });
    const created = await server.inject({ method: 'POST', url: '/shop/orders', headers: JSON_BODY, payload: '{"item":"fern"}' });
    expect(created.statusCode).toBe(201);
    const location = created.headers.location as string;
    expect(location).toMatch(/^\/shop\/orders\/\d+$/);
    const read = await server.inject({ url: location });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ item: 'fern' });
  });

  it('writes the same Location as ever for a single document at /', async () => {
    const server = await mockServer({ spec: ORDERS, stateful: true });
    const created = await server.inject({ method: 'POST', url: '/orders', headers: JSON_BODY, payload: '{"item":"fern"}' });
    expect(created.headers.location).toMatch(/^\/orders\/\d+$/);
  });
});
