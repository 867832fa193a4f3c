import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMockServer, type MockServer, type MockServerOptions } from '../../src/index.js';

export const AUTH = { authorization: 'Bearer test-token', 'content-type': 'application/json' };

/** A temporary directory of scenario files, named by key. */
export async function scenarioDir(files: Readonly<Record<string, string>>): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'plantstore-scenarios-'));
  for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** A server with only the given scenario files (no bundled ones). */
export async function serverWith(
  files: Readonly<Record<string, string>>,
  options: MockServerOptions = {},
): Promise<MockServer & { cleanup: () => Promise<void> }> {
  const { dir, remove } = await scenarioDir(files);
  const server = await createMockServer({ scenariosDir: dir, bundledScenarios: false, ...options });
  return Object.assign(server, {
    cleanup: async () => {
      await server.close();
      await remove();
    },
  });
}

export function createPlant(server: MockServer, body: unknown, headers: Record<string, string> = {}, url = '/plants') {
  return server.inject({ method: 'POST', url, headers: { ...AUTH, ...headers }, payload: JSON.stringify(body) });
}
