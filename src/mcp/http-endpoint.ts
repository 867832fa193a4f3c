import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { packageVersion } from '../assets/package-files.js';
import { createMcpServer } from './mcp-server.js';
import { type Inject, injectWire, withAdminToken } from './mock-wire.js';

export type McpMode = 'control' | 'api';

/** MCP sessions kept at once per endpoint (the least recently used goes first), and how long one may idle. */
const MAX_SESSIONS = 64;
const IDLE_MS = 30 * 60_000;

interface Held {
  readonly transport: StreamableHTTPServerTransport;
  used: number;
}

/** Streamable HTTP at `/__mock/mcp` and `/__mock/mcp/api`: one MCP server per MCP session, over the mock's own routes. */
export interface McpEndpoint {
  /** `body`: the request's JSON text, already read within the body limit (undefined for GET and DELETE). */
  handle(mode: McpMode, request: IncomingMessage, response: ServerResponse, body: string | undefined): Promise<void>;
  close(): Promise<void>;
}

/** `inject`: the server's own; `adminToken`: what its tools send to the admin routes. */
export function createMcpEndpoint(inject: Inject, adminToken: string | undefined, include: readonly string[]): McpEndpoint {
  const wire = withAdminToken(injectWire(inject), adminToken);
  const version = packageVersion();
  const sessions = new Map<string, Held>();
  const forget = (id: string) => {
    const held = sessions.get(id);
    sessions.delete(id);
    held?.transport.close().catch(() => undefined);
  };
  const sweep = (now: number) => {
    for (const [id, held] of sessions) if (now - held.used > IDLE_MS) forget(id);
    while (sessions.size >= MAX_SESSIONS) forget(sessions.keys().next().value as string);
  };
  return {
    async handle(mode, request, response, text) {
      let body: unknown;
      if (text !== undefined && text !== '') {
        try {
          body = JSON.parse(text);
        } catch {
          return rpcError(response, 400, -32700, 'Parse error: the body is not JSON');
        }
      }
      const now = Date.now();
      const id = request.headers['mcp-session-id'];
      const key = typeof id === 'string' ? `${mode}:${id}` : undefined;
      const held = key === undefined ? undefined : sessions.get(key);
      if (held) {
        held.used = now;
        sessions.delete(key as string); // kept in order of use
        sessions.set(key as string, held);
        return held.transport.handleRequest(request, response, body);
      }
      if (key !== undefined) return rpcError(response, 404, -32001, 'Session not found: start a new one with initialize');
      if (request.method !== 'POST' || !isInitializeRequest(body)) {
        return rpcError(response, 400, -32000, 'Bad Request: no valid Mcp-Session-Id header; start with an initialize request');
      }
      sweep(now);
      const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (sessionId) => {
          sessions.set(`${mode}:${sessionId}`, { transport, used: Date.now() });
        },
      });
      transport.onclose = () => {
        if (transport.sessionId !== undefined) sessions.delete(`${mode}:${transport.sessionId}`);
      };
      const server = createMcpServer(wire, { mode, include, version, session: () => transport.sessionId ?? 'mcp' });
      await server.connect(transport);
      return transport.handleRequest(request, response, body);
    },
    async close() {
      for (const id of [...sessions.keys()]) forget(id);
    },
  };
}

function rpcError(response: ServerResponse, status: number, code: number, message: string): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}
