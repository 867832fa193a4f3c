import { describe, expect, it, onTestFinished } from 'vitest';
import { closeMcpClientsAfterEach, mcpOverHttp, structured, toolError } from '../support/mcp-client.js';
import { scenarioDir } from '../support/scenarios.js';
import { closeServersAfterEach, mockServer } from '../support/servers.js';

closeServersAfterEach();
closeMcpClientsAfterEach();
const CRUD = 'test/fixtures/plantstore-crud.yaml';
const AUTH = { authorization: 'Bearer t' };
const UNAUTHORIZED =
  "description: Every call answers 401.\nrules:\n  - operation: '*'\n    respond:\n      error:\n        code: TOKEN_REJECTED\n";
const CONTROL_TOOLS = [
  'describe_operation',
  'get_coverage',
  'get_drift',
  'list_operations',
  'list_scenarios',
  'query_journal',
  'reset',
  'send_request',
  'use_scenario',
  'verify',
];

describe('the control plane over Streamable HTTP at /__mock/mcp', () => {
  it('lists every control-plane tool with an input and an output schema, and answers each', async () => {
    const server = await mockServer({ spec: CRUD });
    const client = await mcpOverHttp(`${await server.listen()}/__mock/mcp`);
    expect(client.getServerVersion()?.name).toBe('plantstore-mock');
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(CONTROL_TOOLS);
    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type).toBe('object');
    }
    const listed = structured(await client.callTool({ name: 'list_operations', arguments: {} }));
    const operations = (listed.documents as { operations: { operationId: string; statuses: string[] }[] }[])[0]?.operations ?? [];
    expect(operations.map((o) => o.operationId)).toEqual(['listPlants', 'createPlant', 'getPlant', 'replacePlant', 'deletePlant']);
    expect(operations[2]?.statuses).toEqual(['200', 'default']);
    const described = structured(await client.callTool({ name: 'describe_operation', arguments: { operation: 'PUT /plants/{id}' } }));
    expect(described.operationId).toBe('replacePlant');
    expect(JSON.stringify(described)).not.toContain('$ref');
    expect((described.requestBody as { schema: { type: string } }).schema.type).toBe('object');

    const sent = structured(
      await client.callTool({ name: 'send_request', arguments: { method: 'GET', path: '/plants/1', headers: AUTH } }),
    );
    expect(sent).toMatchObject({ status: 200, findings: [] });
    expect(sent.source).not.toBe('unknown');
    const rejected = structured(
      await client.callTool({ name: 'send_request', arguments: { method: 'GET', path: '/plants/abc', headers: AUTH } }),
    );
    expect(rejected.status).toBe(400);
    expect((rejected.findings as unknown[]).length).toBeGreaterThan(0);

    const journal = structured(await client.callTool({ name: 'query_journal', arguments: { path: '/plants/*', limit: 5 } }));
    expect((journal.entries as unknown[]).length).toBe(2);
    expect(JSON.stringify(journal)).not.toContain('Bearer t');
    expect(structured(await client.callTool({ name: 'verify', arguments: { method: 'GET', path: '/plants/*', exactly: 2 } })).pass).toBe(
      true,
    );
    const failed = structured(await client.callTool({ name: 'verify', arguments: { method: 'DELETE', atLeast: 1 } }));
    expect(failed.pass).toBe(false);
    expect(structured(await client.callTool({ name: 'get_coverage', arguments: {} })).report).toBeTypeOf('object');
    expect(structured(await client.callTool({ name: 'get_coverage', arguments: { format: 'text' } })).text).toBeTypeOf('string');
    expect(structured(await client.callTool({ name: 'get_drift', arguments: { format: 'markdown' } })).text).toBeTypeOf('string');
    expect(structured(await client.callTool({ name: 'list_scenarios', arguments: {} })).scenarios).toBeInstanceOf(Array);
    expect(structured(await client.callTool({ name: 'reset', arguments: { session: 's1' } })).reset).toBe('s1');
  });

  it('answers failures as tool errors with the catalogue`s code and message', async () => {
    const server = await mockServer({ spec: CRUD });
    const client = await mcpOverHttp(`${await server.listen()}/__mock/mcp`);
    expect(toolError(await client.callTool({ name: 'use_scenario', arguments: { scenario: 'nope' } }))).toMatch(
      /^UNKNOWN_SCENARIO: Unknown scenario/,
    );
    expect(toolError(await client.callTool({ name: 'describe_operation', arguments: { operation: 'nope' } }))).toMatch(/^NOT_FOUND: /);
    expect(toolError(await client.callTool({ name: 'query_journal', arguments: { status: 'teapot' } }))).toMatch(
      /^INVALID_REQUEST: .*status/,
    );
    expect(toolError(await client.callTool({ name: 'verify', arguments: {} }))).toMatch(/^INVALID_TOOL_ARGUMENTS: .*atLeast/);
    expect(toolError(await client.callTool({ name: 'list_operations', arguments: { bogus: 1 } }))).toMatch(/unknown argument "bogus"/);
    expect(toolError(await client.callTool({ name: 'send_request', arguments: { method: 'GET', path: '/__mock/health' } }))).toMatch(
      /^INVALID_TOOL_ARGUMENTS: /,
    );
    await expect(client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toThrow(/Unknown tool/);
  });

  it('steers a session`s scenario with one tool and shows it through send_request, other sessions untouched', async () => {
    const { dir, remove } = await scenarioDir({ 'unauthorized.yaml': UNAUTHORIZED });
    onTestFinished(remove);
    const server = await mockServer({ spec: CRUD, scenariosDir: dir });
    const client = await mcpOverHttp(`${await server.listen()}/__mock/mcp`);
    const used = structured(await client.callTool({ name: 'use_scenario', arguments: { scenario: 'unauthorized', session: 'agent-1' } }));
    expect(used).toEqual({ session: 'agent-1', scenario: 'unauthorized' });
    const steered = structured(
      await client.callTool({ name: 'send_request', arguments: { method: 'GET', path: '/plants/1', headers: AUTH, session: 'agent-1' } }),
    );
    expect(steered.status).toBe(401);
    expect(steered.source).toContain('unauthorized');
    expect(steered.session).toBe('agent-1');
    const other = structured(
      await client.callTool({ name: 'send_request', arguments: { method: 'GET', path: '/plants/1', headers: AUTH } }),
    );
    expect(other.status).toBe(200);
  });

  it('lists get_state and put_state when stateful, and replaces a session`s records', async () => {
    const server = await mockServer({ spec: CRUD, stateful: true });
    const client = await mcpOverHttp(`${await server.listen()}/__mock/mcp`);
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toContain('get_state');
    expect(names).toContain('put_state');
    const plant = { id: 7, name: 'Fern', tag: 'green' };
    const put = structured(await client.callTool({ name: 'put_state', arguments: { session: 'st', collections: { '/plants': [plant] } } }));
    expect((put.collections as Record<string, unknown[]>)['/plants']).toEqual([plant]);
    const read = structured(
      await client.callTool({ name: 'send_request', arguments: { method: 'GET', path: '/plants/7', headers: AUTH, session: 'st' } }),
    );
    expect(read).toMatchObject({ status: 200, body: { name: 'Fern', tag: 'green' } });
    const state = structured(await client.callTool({ name: 'get_state', arguments: { session: 'st' } }));
    expect((state.collections as Record<string, unknown[]>)['/plants']).toHaveLength(1);
    expect(toolError(await client.callTool({ name: 'put_state', arguments: { collections: { '/nope': [] } } }))).toMatch(
      /^INVALID_ADMIN_REQUEST: .*\/nope is not a collection/,
    );
  });

  it('serves the document, its scenarios and its coverage as resources', async () => {
    const server = await mockServer({ spec: CRUD });
    const client = await mcpOverHttp(`${await server.listen()}/__mock/mcp`);
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).toEqual([
      'plantstore-mock://documents/plantstore-crud',
      'plantstore-mock://scenarios/plantstore-crud',
      'plantstore-mock://coverage/plantstore-crud',
    ]);
    const document = await client.readResource({ uri: 'plantstore-mock://documents/plantstore-crud' });
    expect((document.contents[0] as { text: string }).text).toContain('operationId: getPlant');
    const coverage = await client.readResource({ uri: 'plantstore-mock://coverage/plantstore-crud' });
    expect(coverage.contents[0]?.mimeType).toBe('text/markdown');
    await expect(client.readResource({ uri: 'file:///etc/passwd' })).rejects.toThrow(/No resource/);
  });
});
