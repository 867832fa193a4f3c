import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLED_SPEC, createMockServer, type MockServer } from '../../src/index.js';
import { eventually } from '../support/eventually.js';
import { createPlant, scenarioDir } from '../support/scenarios.js';

const answering = (name: string) => `
description: answers ${name}
rules:
  - operation: createPlant
    respond: { body: { name: ${name} } }
`;

describe('--watch', () => {
  let server: MockServer;
  let files: Awaited<ReturnType<typeof scenarioDir>>;
  const log: string[] = [];
  let spec: string;
  beforeAll(async () => {
    files = await scenarioDir({ 'live.yaml': answering('before') });
    spec = join(files.dir, 'spec', 'openapi.yaml');
    await mkdir(join(files.dir, 'spec'));
    await copyFile(BUNDLED_SPEC, spec);
    server = await createMockServer({
      spec,
      scenariosDir: files.dir,
      bundledScenarios: false,
      watch: true,
      logLevel: 'warn',
      logStream: { write: (line: string) => log.push(line) },
    });
  });
  afterAll(async () => {
    await server.close();
    await files.remove();
  });
  const nameOf = async () => (await createPlant(server, { id: 1, name: 'x' }, { 'x-mock-scenario': 'live' })).json().name;

  it('reloads a changed scenario file without a restart', async () => {
    expect(await nameOf()).toBe('before');
    await writeFile(join(files.dir, 'live.yaml'), answering('after'));
    await eventually(async () => (await nameOf()) === 'after');
  });

  it('picks up new files', async () => {
    await writeFile(join(files.dir, 'added.yaml'), answering('added'));
    await eventually(async () => (await server.inject('/__mock/scenarios')).json().scenarios.length === 2);
  });

  it('keeps the last good version on an invalid edit and logs why', async () => {
    await writeFile(join(files.dir, 'live.yaml'), answering('42'));
    await eventually(async () => log.some((line) => line.includes('reload failed') && line.includes('live.yaml')));
    expect(await nameOf()).toBe('after');
  });

  it('keeps the last good version when a Content-Type is no media type, naming file, rule and why', async () => {
    const malformed = `${answering('after')}      headers: { content-type: 'application/json; charset' }\n`;
    await writeFile(
      join(files.dir, 'live.yaml'),
      malformed.replace('respond: { body: { name: after } }', 'respond:\n      body: { name: after }'),
    );
    await eventually(async () =>
      log.some(
        (line) => line.includes('reload failed') && line.includes('live.yaml: rule 1 (createPlant)') && line.includes('no media type'),
      ),
    );
    expect(await nameOf()).toBe('after');
  });

  it('reloads the spec too', async () => {
    await writeFile(join(files.dir, 'live.yaml'), answering('after'));
    const text = await readFile(spec, 'utf8');
    await writeFile(spec, text.replace('value: { name: Boston fern }', 'value: { name: Nephrolepis exaltata }'));
    const fern = async () =>
      (
        await server.inject({
          method: 'POST',
          url: '/plants?__example=fern',
          headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
          payload: '{"id":1,"name":"x"}',
        })
      ).json().name;
    await eventually(async () => (await fern()) === 'Nephrolepis exaltata');
  });
});
