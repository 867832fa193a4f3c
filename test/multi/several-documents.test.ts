import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BUNDLED_SPEC } from '../../src/index.js';
import { scenarioDir } from '../support/scenarios.js';
import { AUTH, closeServersAfterEach, JSON_BODY, mockServer } from '../support/servers.js';

closeServersAfterEach();

const PETS = fileURLToPath(new URL('../fixtures/pets.yaml', import.meta.url));
const ACCOUNTS = fileURLToPath(new URL('../fixtures/multi/accounts.yaml', import.meta.url));
const PLANT = JSON.stringify({ id: 1, name: 'Monstera', tag: 'indoor' });
const PET_KEY = { 'x-api-key': 'k' };

describe('several documents on one server', () => {
  it('routes each request to the document whose base path it starts with', async () => {
    const server = await mockServer({ spec: [BUNDLED_SPEC, `/pets=${PETS}`, ACCOUNTS] });
    const plant = await server.inject({ method: 'POST', url: '/plants', headers: JSON_BODY, payload: PLANT });
    expect(plant.statusCode).toBe(200);
    const pets = await server.inject({ url: '/pets/pets?limit=2', headers: PET_KEY });
    expect(pets.statusCode).toBe(200);
    expect(pets.json()).toEqual([{ id: 1, name: 'Tom', kind: 'cat' }]);
    // Mounted at its first servers URL's path, its variable at its default.
    const account = await server.inject({ url: '/accounts/v1/accounts/abc' });
    expect(account.json()).toEqual({ id: 'abc', owner: 'Ada' });
  });

  it('gives the longest base path the request, segment by segment', async () => {
    const server = await mockServer({ spec: [`/pets=${PETS}`, `/=${BUNDLED_SPEC}`] });
    expect((await server.inject({ url: '/pets/pets/mine', headers: PET_KEY })).statusCode).toBe(200);
    // `/petsx` is under `/`, not `/pets`: the Plant Store has no such path.
    const outside = await server.inject({ url: '/petsx/pets', headers: AUTH });
    expect(outside.statusCode).toBe(404);
    expect(outside.json().message).toContain('/petsx/pets');
  });

  it('answers 404 under no document, naming the path as sent', async () => {
    const server = await mockServer({ spec: [`/pets=${PETS}`, ACCOUNTS] });
    const response = await server.inject({ url: '/elsewhere' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['x-mock-error']).toBe('NOT_FOUND');
    expect(response.json().message).toContain('/elsewhere');
  });

  it('keeps each document its own validation and error shapes', async () => {
    const server = await mockServer({ spec: [`/pets=${PETS}`, ACCOUNTS] });
    expect((await server.inject({ url: '/pets/pets?limit=99', headers: PET_KEY })).statusCode).toBe(400);
    expect((await server.inject({ url: '/pets/pets' })).statusCode).toBe(401);
    expect((await server.inject({ url: '/accounts/v1/accounts/ABC' })).statusCode).toBe(400);
  });

  it('journals which document answered, as a field to filter by', async () => {
    const server = await mockServer({ spec: [BUNDLED_SPEC, `/pets=${PETS}`] });
    await server.inject({ method: 'POST', url: '/plants', headers: JSON_BODY, payload: PLANT });
    await server.inject({ url: '/pets/pets', headers: PET_KEY });
    const all = (await server.inject('/__mock/journal')).json().entries as { spec?: string; path: string }[];
    expect(all.map((e) => [e.spec, e.path])).toEqual([
      ['openapi', '/plants'],
      ['pets', '/pets/pets'],
    ]);
    const pets = (await server.inject('/__mock/journal?spec=pets')).json().entries as unknown[];
    expect(pets).toHaveLength(1);
    // The document's API key is masked like any credential.
    expect(JSON.stringify(pets)).not.toContain('"x-api-key":"k"');
  });

  it('labels metrics with the document and reports coverage per document', async () => {
    const server = await mockServer({ spec: [BUNDLED_SPEC, `/pets=${PETS}`] });
    await server.inject({ url: '/pets/pets', headers: PET_KEY });
    const metrics = (await server.inject('/__mock/metrics')).body;
    expect(metrics).toMatch(/plantstore_mock_requests_total\{spec="pets",operation="listPets"/);
    const pets = (await server.inject('/__mock/coverage?spec=pets')).json();
    const plants = (await server.inject('/__mock/coverage?spec=openapi')).json();
    expect(JSON.stringify(pets)).toContain('listPets');
    expect(JSON.stringify(plants)).not.toContain('listPets');
    expect(server.coverage({ spec: 'pets' })).toEqual(pets);
    const unknown = await server.inject('/__mock/coverage?spec=nope');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('openapi, pets');
  });

  it('loads a scenario file for the document it names', async () => {
    const { dir, remove } = await scenarioDir({
      'tom-only.yaml': [
        'description: one pet',
        'spec: pets',
        'rules:',
        '  - operation: listPets',
        '    respond: { status: 200, body: [{ id: 7, name: Tom }] }',
      ].join('\n'),
    });
    try {
      const server = await mockServer({ spec: [BUNDLED_SPEC, `/pets=${PETS}`], scenariosDir: dir, scenario: 'tom-only' });
      expect((await server.inject({ url: '/pets/pets', headers: PET_KEY })).json()).toEqual([{ id: 7, name: 'Tom' }]);
      // The Plant Store has no such scenario: its answers are its own.
      expect((await server.inject({ method: 'POST', url: '/plants', headers: JSON_BODY, payload: PLANT })).statusCode).toBe(200);
    } finally {
      await remove();
    }
  });

  it('refuses a scenario file that names no document when several are served', async () => {
    const { dir, remove } = await scenarioDir({ 'any.yaml': 'description: any\nstateful: true\n' });
    try {
      await expect(mockServer({ spec: [BUNDLED_SPEC, `/pets=${PETS}`], scenariosDir: dir })).rejects.toThrow(
        /any\.yaml: name its document with "spec:" \(one of openapi, pets\)/,
      );
    } finally {
      await remove();
    }
  });

  it('stops start-up naming both documents when two share a base path', async () => {
    await expect(mockServer({ spec: [BUNDLED_SPEC, PETS] })).rejects.toThrow(
      `specs ${BUNDLED_SPEC} and ${PETS} are both mounted at /; give one another base path with --spec /BASE=FILE`,
    );
  });

  it('refuses a mount path that is not a path', async () => {
    await expect(mockServer({ spec: [`pets=${PETS}`] })).rejects.toThrow('mount path "pets" is not a path: it must start with /');
    await expect(mockServer({ spec: [`/a/../b=${PETS}`] })).rejects.toThrow('has a . or .. segment');
  });

  it('serves a lone document at the base path given', async () => {
    const server = await mockServer({ spec: `/v2=${PETS}` });
    expect((await server.inject({ url: '/v2/pets/mine', headers: PET_KEY })).statusCode).toBe(200);
    expect((await server.inject({ url: '/pets/mine', headers: PET_KEY })).statusCode).toBe(404);
  });
});
