import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually.js';
import { closeServersAfterEach, JSON_BODY, mockServer } from '../support/servers.js';

closeServersAfterEach();

const GROWN = 'test/fixtures/plantstore-crud.yaml';
const headers = { ...JSON_BODY, 'x-mock-session': 's' };
const fern = JSON.stringify({ id: 1, name: 'Fern' });

describe('turning the stateful simulator on', () => {
  it('leaves every answer as it was without --stateful', async () => {
    const server = await mockServer({ spec: GROWN, seed: 1 });
    await server.inject({ method: 'POST', url: '/plants', headers, payload: fern });
    expect((await server.inject({ method: 'POST', url: '/plants', headers, payload: fern })).statusCode).toBe(200);
    const read = await server.inject({ method: 'GET', url: '/plants/1', headers });
    expect(read.statusCode).toBe(200);
    expect((await server.inject({ method: 'GET', url: '/__mock/state' })).json()).toEqual({
      session: null,
      stateful: false,
      collections: { '/plants': [] },
    });
  });

  it('simulates the requests of a scenario that says stateful: true', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'state-scenario-'));
    await writeFile(join(dir, 'crud.yaml'), 'description: Remembers what is created.\nstateful: true\n');
    const server = await mockServer({ spec: GROWN, scenariosDir: dir });
    const withScenario = { ...headers, 'x-mock-scenario': 'crud' };
    await server.inject({ method: 'POST', url: '/plants', headers: withScenario, payload: fern });
    expect((await server.inject({ method: 'GET', url: '/plants/1', headers: withScenario })).json()).toEqual({ name: 'Fern' });
    expect((await server.inject({ method: 'GET', url: '/plants/2', headers: withScenario })).statusCode).toBe(404);
    expect((await server.inject({ method: 'GET', url: '/plants/2', headers })).statusCode).toBe(200);
  });

  it('lets forcing win over the simulator', async () => {
    const server = await mockServer({ spec: GROWN, stateful: true });
    const forced = await server.inject({ method: 'GET', url: '/plants/9', headers: { ...headers, prefer: 'code=200' } });
    expect(forced.statusCode).toBe(200);
  });

  it('journals the answer as coming from state and forgets the records on reset', async () => {
    const server = await mockServer({ spec: GROWN, stateful: true });
    await server.inject({ method: 'POST', url: '/plants', headers, payload: fern });
    const journal = await server.inject({ method: 'GET', url: '/__mock/journal' });
    expect(journal.json().entries[0].source).toBe('state create');
    await server.inject({
      method: 'POST',
      url: '/__mock/reset',
      headers: { 'content-type': 'application/json' },
      payload: '{"session": "s"}',
    });
    expect((await server.inject({ method: 'GET', url: '/plants/1', headers })).statusCode).toBe(404);
  });
});

describe('seed data', () => {
  it('starts every new session with the records of --data', async () => {
    const server = await mockServer({ spec: GROWN, stateful: true, data: 'test/fixtures/state/plants.yaml' });
    expect((await server.inject({ method: 'GET', url: '/plants/2', headers })).json()).toEqual({ name: 'Boston fern' });
    await server.inject({ method: 'DELETE', url: '/plants/2', headers });
    const other = { ...headers, 'x-mock-session': 'other' };
    expect((await server.inject({ method: 'GET', url: '/plants', headers: other })).json()).toHaveLength(2);
    expect((await server.inject({ method: 'GET', url: '/plants', headers })).json()).toHaveLength(1);
  });

  it('stops start-up naming the file, the record and the violation', async () => {
    await expect(mockServer({ spec: GROWN, stateful: true, data: 'test/fixtures/state/bad-plants.yaml' })).rejects.toThrow(
      /data file .*bad-plants\.yaml: \/plants record 2: body\.name is required/,
    );
  });

  it('with --watch, starts new sessions with the edited file and keeps the last good one on a bad edit', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'state-seed-'));
    const data = join(dir, 'seed.yaml');
    await writeFile(data, '/plants:\n  - { id: 1, name: Monstera }\n');
    const log: string[] = [];
    const logStream = { write: (line: string) => log.push(line) };
    const server = await mockServer({ spec: GROWN, stateful: true, data, watch: true, logLevel: 'info', logStream });
    const names = async (session: string) =>
      (
        (await server.inject({ method: 'GET', url: '/plants', headers: { ...headers, 'x-mock-session': session } })).json() as {
          name: string;
        }[]
      ).map((p) => p.name);
    expect(await names('before')).toEqual(['Monstera']);
    // A session starts from the seeds at its first write (one that only reads holds nothing).
    const before = { ...headers, 'x-mock-session': 'before' };
    expect((await server.inject({ method: 'POST', url: '/plants', headers: before, payload: '{"id":5,"name":"Fern"}' })).statusCode).toBe(
      200,
    );

    await writeFile(data, '/plants:\n  - { id: 1, name: Monstera }\n  - { id: 2, name: Calathea }\n');
    let look = 0;
    await eventually(async () => (await names(`after-edit-${look++}`)).length === 2);
    expect(await names('before')).toEqual(['Monstera', 'Fern']);

    await writeFile(data, '/plants:\n  - { id: 3 }\n');
    await eventually(async () => log.some((line) => line.includes('reload failed') && line.includes('name is required')));
    expect(await names('after-bad-edit')).toEqual(['Monstera', 'Calathea']);
  });

  it('rejects a collection the document does not have', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'state-seed-'));
    await writeFile(join(dir, 'seed.json'), '{"/trees": []}');
    await expect(mockServer({ spec: GROWN, stateful: true, data: join(dir, 'seed.json') })).rejects.toThrow(
      /\/trees is not a collection of the document; collections: \/plants/,
    );
  });
});
