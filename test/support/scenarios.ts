import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMockServer, type MockServer, type MockServerOptions } from '../../src/index.js';
import { JSON_BODY } from './servers.js';

/** A scenario whose createPlant answers 503 twice, then creates: shared by the scale-out tests. */
export const FAILS_TWICE_THEN_CREATES = `
description: fails twice, then creates
rules:
  - operation: createPlant
    sequence:
      - { times: 2, status: 503, body: { error: 50301, message: busy } }
      - { body: { name: created } }
`;

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
  const server = await createMockServer({ scenariosDir: dir, bundledScenarios: false, ...options }).catch(async (error: unknown) => {
    await remove();
    throw error;
  });
  return Object.assign(server, {
    cleanup: async () => {
      await server.close();
      await remove();
    },
  });
}

export function createPlant(server: MockServer, body: unknown, headers: Record<string, string> = {}, url = '/plants') {
  return server.inject({ method: 'POST', url, headers: { ...JSON_BODY, ...headers }, payload: JSON.stringify(body) });
}

/** POSTs a plant over a real socket (faults need one); resolves to the response or the network error. */
export async function postOverNetwork(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
  timeoutMs = 10_000,
): Promise<{ status: number; text: string; headers: Headers } | { error: string }> {
  try {
    const response = await fetch(`${url}/plants`, {
      method: 'POST',
      headers: { ...JSON_BODY, ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { status: response.status, text: await response.text(), headers: response.headers };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return { error: cause?.code ?? cause?.message ?? (error as Error).name };
  }
}
