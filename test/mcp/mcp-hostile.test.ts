import { describe, expect, it } from 'vitest';
import { closeMcpClientsAfterEach, mcpOverHttp, structured, toolError } from '../support/mcp-client.js';
import { closeServersAfterEach, mockServer } from '../support/servers.js';

closeServersAfterEach();
closeMcpClientsAfterEach();
const CRUD = 'test/fixtures/plantstore-crud.yaml';
const INIT = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};
const RPC_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

describe('the MCP endpoint refuses what the admin API refuses, and survives hostile input', () => {
  it('refuses cross-origin pages, rebinding Hosts and requests without the admin token', async () => {
    const server = await mockServer({ spec: CRUD, adminToken: 'adm' });
    const url = `${await server.listen()}/__mock/mcp`;
    const post = (headers: Record<string, string>) =>
      fetch(url, { method: 'POST', headers: { ...RPC_HEADERS, ...headers }, body: JSON.stringify(INIT) });
    const foreign = await post({ origin: 'http://evil.example', authorization: 'Bearer adm' });
    expect([foreign.status, foreign.headers.get('x-mock-error')]).toEqual([403, 'ADMIN_ORIGIN_REFUSED']);
    const rebound = await server.inject({
      method: 'POST',
      url: '/__mock/mcp',
      headers: { ...RPC_HEADERS, host: 'evil.example', authorization: 'Bearer adm' },
      payload: JSON.stringify(INIT),
    });
    expect([rebound.statusCode, rebound.headers['x-mock-error']]).toEqual([403, 'HOST_NOT_ALLOWED']);
    const anonymous = await post({});
    expect([anonymous.status, anonymous.headers.get('x-mock-error')]).toEqual([401, 'ADMIN_TOKEN_REQUIRED']);
    const client = await mcpOverHttp(url, { authorization: 'Bearer adm' });
    expect(structured(await client.callTool({ name: 'query_journal', arguments: {} })).entries).toBeInstanceOf(Array);
  });

  it('answers malformed JSON-RPC, unknown sessions and oversized bodies without failing', async () => {
    const server = await mockServer({ spec: CRUD });
    const url = `${await server.listen()}/__mock/mcp`;
    const send = (body: string, headers: Record<string, string> = {}) =>
      fetch(url, { method: 'POST', headers: { ...RPC_HEADERS, ...headers }, body });
    const broken = await send('{"jsonrpc": "2.0", "method": ');
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32700 } });
    const sessionless = await send(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }));
    expect(sessionless.status).toBe(400);
    const stranger = await send(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }), { 'mcp-session-id': 'not-a-session' });
    expect(stranger.status).toBe(404);
    const notRpc = await send(JSON.stringify([1, 2, 3]));
    expect(notRpc.status).toBe(400);
    const huge = await send(JSON.stringify({ ...INIT, params: { ...INIT.params, pad: 'x'.repeat(2 * 1024 * 1024) } }));
    expect([huge.status, huge.headers.get('x-mock-error')]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    // Still answering.
    const client = await mcpOverHttp(url);
    expect((await client.listTools()).tools.length).toBe(10);
  });

  it('answers unknown tools as protocol errors and huge or odd arguments as tool errors, its output bounded', async () => {
    const server = await mockServer({ spec: CRUD });
    const client = await mcpOverHttp(`${await server.listen()}/__mock/mcp`);
    await expect(client.callTool({ name: 'x'.repeat(5000), arguments: {} })).rejects.toThrow(/Unknown tool/);
    expect(toolError(await client.callTool({ name: 'send_request', arguments: { method: 'GET', path: 'no-slash' } }))).toMatch(
      /^INVALID_TOOL_ARGUMENTS: /,
    );
    expect(toolError(await client.callTool({ name: 'send_request', arguments: { method: 42, path: '/plants' } }))).toMatch(
      /"method" must be string/,
    );
    const long = structured(
      await client.callTool({ name: 'send_request', arguments: { method: 'GET', path: `/plants/${'9'.repeat(300_000)}` } }),
    );
    expect(long.status).toBeGreaterThanOrEqual(400);
    const big = { name: 'x'.repeat(200_000) };
    for (let i = 0; i < 4; i++) {
      await client.callTool({
        name: 'send_request',
        arguments: { method: 'POST', path: '/plants', headers: { authorization: 'Bearer t' }, body: big },
      });
    }
    const bounded = toolError(await client.callTool({ name: 'query_journal', arguments: { limit: 500 } }));
    expect(bounded).toMatch(/^TOOL_OUTPUT_TOO_LARGE: .*beyond the bound of 262144/);
    expect(toolError(await client.callTool({ name: 'describe_operation', arguments: { operation: 'y'.repeat(100_000) } }))).toMatch(
      /^NOT_FOUND: /,
    );
  });
});
