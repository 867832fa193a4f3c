import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../src/index.js';
import { eventually } from '../support/eventually.js';

const PETS = fileURLToPath(new URL('../fixtures/pets.yaml', import.meta.url));
const ACCOUNTS = fileURLToPath(new URL('../fixtures/multi/accounts.yaml', import.meta.url));

describe('--watch with several documents', () => {
  let dir: string;
  let server: MockServer;
  const log: string[] = [];
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'plantstore-multi-watch-'));
    await copyFile(PETS, join(dir, 'pets.yaml'));
    await copyFile(ACCOUNTS, join(dir, 'accounts.yaml'));
    server = await createMockServer({
      spec: [`/pets=${join(dir, 'pets.yaml')}`, join(dir, 'accounts.yaml')],
      watch: true,
      logLevel: 'info',
      logStream: { write: (line: string) => log.push(line) },
    });
  });
  afterAll(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });
  const owner = async () => (await server.inject('/accounts/v1/accounts/abc')).json().owner;
  const tom = async () => (await server.inject({ url: '/pets/pets', headers: { 'x-api-key': 'k' } })).json()[0]?.name;

  it('reloads the edited document alone; a bad edit keeps its last good version', async () => {
    const file = join(dir, 'accounts.yaml');
    const text = await readFile(file, 'utf8');
    await writeFile(file, text.replace('owner: Ada', 'owner: Grace'));
    await eventually(async () => (await owner()) === 'Grace');
    expect(log.some((line) => line.includes('accounts: reloaded the spec'))).toBe(true);
    expect(log.some((line) => line.includes('pets: reloaded'))).toBe(false);
    expect(await tom()).toBe('Tom');

    await writeFile(file, 'openapi: [');
    await eventually(async () => log.some((line) => line.includes('accounts: reload failed')));
    expect(await owner()).toBe('Grace');
    expect(await tom()).toBe('Tom');
  });
});
