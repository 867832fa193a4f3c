/** The MCP endpoints in the admin OpenAPI document: JSON-RPC over Streamable HTTP, described, not modelled. */
export function mcpPaths(p: string, errors: Record<string, unknown>): Record<string, unknown> {
  const rpc = { content: { 'application/json': { schema: { type: 'object', description: 'A JSON-RPC 2.0 message (or batch) of MCP.' } } } };
  const operations = (what: string) => ({
    post: {
      summary: `MCP (Streamable HTTP, protocol 2025-11-25 and earlier): ${what}; see docs/mcp.md`,
      parameters: [{ name: 'Mcp-Session-Id', in: 'header', required: false, schema: { type: 'string' }, description: 'After initialize.' }],
      requestBody: { required: true, ...rpc },
      responses: {
        '200': { description: 'The JSON-RPC answer, as JSON or as a text/event-stream', ...rpc },
        '202': { description: 'A notification or response accepted' },
        '404': { description: 'Unknown or expired MCP session: initialize again' },
        '413': { description: 'A message over 1 MiB' },
        ...errors,
      },
    },
    get: { summary: 'The MCP session`s server-sent event stream', responses: { '200': { description: 'text/event-stream' }, ...errors } },
    delete: { summary: 'End an MCP session', responses: { '200': { description: 'Ended' }, ...errors } },
  });
  return {
    [`${p}/mcp`]: operations('the control plane as tools (operations, requests, scenarios, journal, coverage, drift, state) and resources'),
    [`${p}/mcp/api`]: operations('each operation of the served documents as a tool (--mcp-include picks them)'),
  };
}
