import { describe, expect, it, onTestFinished } from 'vitest';
import { closeMcpClientsAfterEach, mcpOverHttp, structured, toolError } from '../support/mcp-client.js';
import { scenarioDir } from '../support/scenarios.js';
import { closeServersAfterEach, mockServer } from '../support/servers.js';

closeServersAfterEach();
closeMcpClientsAfterEach();
const CRUD = 'test/fixtures/plantstore-crud.yaml';
const AUTH = { authorization: 'Bearer t' };

describe('the mocked API as MCP tools at /__mock/mcp/api', () => {
  it('serves each operation of a document as one tool, with schemas and HTTP`s hints', async () => {
    const server = await mockServer({ spec: CRUD });
    const client = await mcpOverHttp(`${await server.listen()}/__mock/mcp/api`);
    expect(client.getServerVersion()?.name).toBe('plantstore-mock-api');
    const { tools } = await client.listTools();
    const byName = new Map(tools.map((t) => [t.name, t]));
    expect([...byName.keys()]).toEqual(['listPlants', 'createPlant', 'getPlant', 'replacePlant', 'deletePlant']);
    expect(byName.get('listPlants')?.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false, idempotentHint: true });
    expect(byName.get('createPlant')?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: false });
    expect(byName.get('replacePlant')?.annotations).toMatchObject({ readOnlyHint: false, idempotentHint: true });
    expect(byName.get('deletePlant')?.annotations).toMatchObject({ destructiveHint: true, idempotentHint: true });
    const get = byName.get('getPlant');
    expect(get?.inputSchema).toMatchObject({
      required: ['path'],
      properties: { path: { required: ['id'], properties: { id: { type: 'integer' } } } },
    });
    expect(get?.outputSchema?.properties?.body).toMatchObject({ type: 'object' });
    expect(byName.get('createPlant')?.inputSchema.required).toEqual(['body']);
  });

  it('answers calls through the mock in the MCP session: state, journal and coverage see them', async () => {
    const server = await mockServer({ spec: CRUD, stateful: true });
    const url = await server.listen();
    const api = await mcpOverHttp(`${url}/__mock/mcp/api`);
    const created = structured(
      await api.callTool({ name: 'createPlant', arguments: { headers: AUTH, body: { id: 11, name: 'Fern', tag: 'green' } } }),
    );
    expect(created.status).toBe(200);
    const session = created.session as string;
    expect(session).toMatch(/^[0-9a-f-]{36}$/);
    const id = 11;
    const read = structured(await api.callTool({ name: 'getPlant', arguments: { path: { id }, headers: AUTH } }));
    expect(read, JSON.stringify(read)).toMatchObject({ status: 200, body: { name: 'Fern' }, session });
    const missing = JSON.parse(toolError(await api.callTool({ name: 'getPlant', arguments: { path: { id: 999 }, headers: AUTH } })));
    expect(missing).toMatchObject({ status: 404, session });
    const elsewhere = JSON.parse(
      toolError(await api.callTool({ name: 'getPlant', arguments: { path: { id }, headers: AUTH, session: 'someone-else' } })),
    );
    expect(elsewhere.status).toBe(404);
    const control = await mcpOverHttp(`${url}/__mock/mcp`);
    const journal = structured(await control.callTool({ name: 'query_journal', arguments: { session } }));
    expect(journal.entries).toHaveLength(3);
    expect(JSON.stringify(server.coverage({ session }))).toContain('getPlant');
  });

  it('answers as the scenario a control-plane tool chose for the session', async () => {
    const { dir, remove } = await scenarioDir({
      'gone.yaml': "description: Everything 401.\nrules:\n  - operation: '*'\n    respond:\n      error:\n        code: TOKEN_REJECTED\n",
    });
    onTestFinished(remove);
    const server = await mockServer({ spec: CRUD, scenariosDir: dir });
    const url = await server.listen();
    const control = await mcpOverHttp(`${url}/__mock/mcp`);
    await control.callTool({ name: 'use_scenario', arguments: { scenario: 'gone', session: 'agent' } });
    const api = await mcpOverHttp(`${url}/__mock/mcp/api`);
    const steered = JSON.parse(toolError(await api.callTool({ name: 'listPlants', arguments: { headers: AUTH, session: 'agent' } })));
    expect(steered).toMatchObject({ status: 401, source: expect.stringContaining('gone') });
    expect(structured(await api.callTool({ name: 'listPlants', arguments: { headers: AUTH } })).status).toBe(200);
  });

  it('keeps only the operations --mcp-include names, by operationId, tag or path', async () => {
    const server = await mockServer({ spec: CRUD, mcpInclude: ['listPlants', '/plants/{id}'] });
    const client = await mcpOverHttp(`${await server.listen()}/__mock/mcp/api`);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['listPlants', 'getPlant', 'replacePlant', 'deletePlant']);
  });

  it('reads a Swagger 2.0 document`s body parameter as the tool`s body', async () => {
    const server = await mockServer({ spec: 'test/fixtures/plants-swagger2.yaml' });
    const client = await mcpOverHttp(`${await server.listen()}/__mock/mcp/api`);
    const [tool] = (await client.listTools()).tools;
    expect(tool?.name).toBe('addPlant');
    expect(tool?.inputSchema.required).toEqual(['body']);
    expect(JSON.stringify(tool?.inputSchema.properties?.body)).toContain('"name"');
  });
});
