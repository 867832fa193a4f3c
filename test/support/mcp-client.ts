import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, expect } from 'vitest';

const clients: Client[] = [];
let closing = false;

/** Closes the MCP clients mcpOverHttp() connected after each test of the calling file; call it once, at the file's top. */
export function closeMcpClientsAfterEach(): void {
  if (closing) return;
  closing = true;
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
  });
}

/** The SDK's own client, connected over Streamable HTTP to `url` (a mock's /__mock/mcp or /__mock/mcp/api). */
export async function mcpOverHttp(url: string, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'plantstore-mock-tests', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  clients.push(client);
  return client;
}

export type Structured = Record<string, unknown>;

/** The structured result of a successful tool call. */
export function structured(result: unknown): Structured {
  const r = result as { isError?: boolean; content: { text: string }[]; structuredContent: Structured };
  expect(r.isError ?? false, r.content?.[0]?.text).toBe(false);
  return r.structuredContent;
}

/** The text of a tool error (`CODE: message`). */
export function toolError(result: unknown): string {
  const r = result as { isError?: boolean; content: { text: string }[] };
  expect(r.isError).toBe(true);
  return r.content[0]?.text ?? '';
}
