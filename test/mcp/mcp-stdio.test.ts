import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterEach, describe, expect, it } from 'vitest';
import { CLI } from '../support/cli.js';
import { structured, toolError } from '../support/mcp-client.js';
import { closeServersAfterEach, mockServer } from '../support/servers.js';

closeServersAfterEach();
const CRUD = 'test/fixtures/plantstore-crud.yaml';
const clients: Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});

/** `plantstore-mock mcp ARGS` spawned from the built CLI, with the SDK's client on its stdio. */
async function spawnMcp(args: string[]): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp', ...args], stderr: 'pipe' });
  let err = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    err += chunk.toString();
  });
  const client = new Client({ name: 'plantstore-mock-tests', version: '1.0.0' });
  await client.connect(transport);
  clients.push(client);
  return { client, stderr: () => err };
}

describe('plantstore-mock mcp (stdio, the built CLI)', () => {
  it('drives a running mock through its admin API with --url and --admin-token', async () => {
    const server = await mockServer({ spec: CRUD, adminToken: 'secret-admin' });
    const url = await server.listen();
    const { client } = await spawnMcp(['--url', url, '--admin-token', 'secret-admin']);
    expect(client.getServerVersion()?.name).toBe('plantstore-mock');
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(10);
    const sent = structured(
      await client.callTool({
        name: 'send_request',
        arguments: { method: 'GET', path: '/plants/3', headers: { authorization: 'Bearer x' } },
      }),
    );
    expect(sent.status).toBe(200);
    const journal = structured(await client.callTool({ name: 'query_journal', arguments: {} }));
    expect(journal.entries).toHaveLength(1);
    expect(server.coverage().summary).toBeDefined();
  });

  it('answers a tool error when the token is wrong, with the catalogue`s code', async () => {
    const server = await mockServer({ spec: CRUD, adminToken: 'secret-admin' });
    const { client } = await spawnMcp(['--url', await server.listen(), '--admin-token', 'wrong']);
    expect(toolError(await client.callTool({ name: 'query_journal', arguments: {} }))).toMatch(/^ADMIN_TOKEN_REQUIRED: /);
  });

  it('starts a mock in-process without --url and serves its operations as tools with --api', async () => {
    const { client } = await spawnMcp(['--api', '--spec', CRUD, '--stateful', '--mcp-include', '/plants/*']);
    expect(client.getServerVersion()?.name).toBe('plantstore-mock-api');
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['getPlant', 'replacePlant', 'deletePlant']);
    const missing = toolError(
      await client.callTool({ name: 'getPlant', arguments: { path: { id: 5 }, headers: { authorization: 'Bearer x' } } }),
    );
    expect(JSON.parse(missing)).toMatchObject({ status: 404, source: 'state read not-found', session: expect.stringMatching(/^mcp-/) });
    const replaced = toolError(
      await client.callTool({
        name: 'replacePlant',
        arguments: { path: { id: 5 }, headers: { authorization: 'Bearer x' }, body: { name: 'Ivy' } },
      }),
    );
    expect(JSON.parse(replaced)).toMatchObject({ status: 404 });
  });
});
