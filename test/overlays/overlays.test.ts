import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { eventually } from '../support/eventually.js';
import { closeServersAfterEach, mockServer } from '../support/servers.js';

closeServersAfterEach();

const PETS = fileURLToPath(new URL('../fixtures/pets.yaml', import.meta.url));
const KEY = { 'x-api-key': 'k' };
/** The messages of a server's JSON log lines. */
const messages = (log: readonly string[]) => log.map((line) => String(JSON.parse(line).msg));

const PATCH = `overlay: 1.1.0
info: { title: Vendor patch, version: 1.0.0 }
actions:
  - target: "$.paths['/pets'].get.responses['200'].content['application/json']"
    update: { example: [{ id: 7, name: Rex, kind: dog }] }
  - target: "$.paths['/pets'].get.responses['200'].content['application/json'].example[0]"
    remove: true
  - target: "$.paths['/pets/mine']"
    remove: true
  - target: $.paths.*.get.parameters[?@.name == 'unknown']
    remove: true
`;

describe('--overlay', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'plantstore-overlays-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));
  const write = async (name: string, text: string) => {
    const file = join(dir, name);
    await writeFile(file, text);
    return file;
  };

  it('serves the document as the overlays left it, and warns of an action that matched nothing', async () => {
    const file = await write('patch.yaml', PATCH);
    const log: string[] = [];
    const server = await mockServer({ spec: PETS, overlays: [file], logLevel: 'warn', logStream: { write: (line) => log.push(line) } });
    expect((await server.inject({ url: '/pets', headers: KEY })).json()).toEqual([{ id: 7, name: 'Rex', kind: 'dog' }]);
    // /pets/mine is gone: the request is read as /pets/{petId} with a petId that is no integer.
    expect((await server.inject({ url: '/pets/mine', headers: KEY })).statusCode).toBe(400);
    expect(messages(log).join('\n')).toContain(
      `overlay ${file}, action 4 (target "$.paths.*.get.parameters[?@.name == 'unknown']"): its target matches nothing`,
    );
  });

  it('applies several overlays in the order given', async () => {
    const first = await write('first.yaml', PATCH);
    const second = await write(
      'second.yaml',
      `overlay: 1.0.0\ninfo: { title: t, version: '1' }\nactions:\n  - target: "$.paths['/pets'].get.responses['200'].content['application/json'].example"\n    update: { id: 8, name: Fido }\n`,
    );
    const server = await mockServer({ spec: PETS, overlays: [first, second] });
    expect((await server.inject({ url: '/pets', headers: KEY })).json()).toEqual([
      { id: 7, name: 'Rex', kind: 'dog' },
      { id: 8, name: 'Fido' },
    ]);
  });

  it('applies an edited overlay on reload with --watch; a broken one keeps the last good version', async () => {
    const file = await write('watched.yaml', PATCH);
    const log: string[] = [];
    const server = await mockServer({
      spec: PETS,
      overlays: [file],
      watch: true,
      logLevel: 'info',
      logStream: { write: (line) => log.push(line) },
    });
    const name = async () => (await server.inject({ url: '/pets', headers: KEY })).json()[0]?.name;
    expect(await name()).toBe('Rex');
    await writeFile(file, (await readFile(file, 'utf8')).replace('Rex', 'Max'));
    await eventually(async () => (await name()) === 'Max');
    await writeFile(file, PATCH.replace('remove: true', 'remove: sure'));
    await eventually(async () =>
      messages(log).some((line) => line.includes('reload failed') && line.includes('"remove" must be true or false')),
    );
    expect(await name()).toBe('Max');
  });

  it('stops the CLI with exit 2 and one line naming the action of a malformed overlay', async () => {
    const file = await write('broken.yaml', PATCH.replace('update: {', 'updates: {'));
    const { code, stderr } = await runCli(['--spec', PETS, '--overlay', file]);
    expect(code).toBe(2);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toContain(
      `overlay ${file}, action 1 (target "$.paths['/pets'].get.responses['200'].content['application/json']"): has a field Overlay does not define: "updates"`,
    );
  });
});
