import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { formatMessage } from '../errors.js';
import { apiTools } from './api-tools.js';
import { controlTools } from './control-tools.js';
import { Documents } from './documents.js';
import type { MockWire } from './mock-wire.js';
import { listResources, readResource } from './resources.js';
import { adminJson, checkArguments, ToolFailure, type ToolSpec } from './tool-kit.js';

/** Bytes of one tool result (its JSON); a larger one is a tool error asking for a narrower call. */
export const MAX_OUTPUT_BYTES = 256 * 1024;

export interface McpOptions {
  /** `control`: the mock's control plane; `api`: each operation of the served documents as a tool. */
  readonly mode: 'control' | 'api';
  /** `--mcp-include`: which operations become tools in `api` mode. */
  readonly include?: readonly string[];
  /** The mock session of API tool calls that name none: the MCP session's. */
  readonly session: () => string;
  readonly version: string;
}

/** One MCP server (one per MCP session) over a mock reached through `wire`. */
export function createMcpServer(wire: MockWire, options: McpOptions): Server {
  const server = new Server(
    { name: options.mode === 'api' ? 'plantstore-mock-api' : 'plantstore-mock', version: options.version },
    {
      capabilities: { tools: { listChanged: false }, ...(options.mode === 'control' ? { resources: {} } : {}) },
      instructions:
        options.mode === 'api'
          ? 'Each tool is one operation of the mocked API, answered by the mock (scenarios, sessions, state and the journal apply).'
          : 'Tools to read the contract, steer answers per session, send requests, and read the journal, coverage and drift of a running mock.',
    },
  );
  const documents = new Documents(wire);
  let tools: Promise<Map<string, ToolSpec>> | undefined;
  const load = async () => {
    const list =
      options.mode === 'api'
        ? await apiTools(wire, documents, options.include ?? [])
        : controlTools(wire, documents, await stateful(wire, documents));
    return new Map(list.map((tool) => [tool.name, tool]));
  };
  const current = () => {
    tools ??= load().catch((error: unknown) => {
      tools = undefined;
      throw error;
    });
    return tools;
  };

  server.setRequestHandler(ListToolsRequestSchema, async () => {
    tools = undefined; // listed anew: a reloaded document shows
    const known = await current().catch(mcpError);
    return {
      tools: [...known.values()].map(({ name, title, description, inputSchema, outputSchema, annotations }) => ({
        name,
        ...(title ? { title } : {}),
        description,
        inputSchema,
        ...(outputSchema ? { outputSchema } : {}),
        ...(annotations ? { annotations } : {}),
      })),
    };
  });

  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const name = request.params.name;
    const tool = (await current().catch(mcpError)).get(name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name.slice(0, 128)}`);
    try {
      const args = checkArguments(tool.inputSchema, request.params.arguments);
      const result = await tool.call(args, { mcpSession: options.session() });
      const text = JSON.stringify(result);
      const bytes = Buffer.byteLength(text);
      if (bytes > MAX_OUTPUT_BYTES) throw ToolFailure.of('TOOL_OUTPUT_TOO_LARGE', { tool: name, bytes, limit: MAX_OUTPUT_BYTES });
      const failed = options.mode === 'api' && typeof result.status === 'number' && result.status >= 400;
      if (failed) return { isError: true, content: [{ type: 'text' as const, text }] };
      return { content: [{ type: 'text' as const, text }], structuredContent: result };
    } catch (error) {
      const failure = error instanceof ToolFailure ? error : unexpected(error);
      return { isError: true, content: [{ type: 'text' as const, text: `${failure.code}: ${failure.message}` }] };
    }
  });

  if (options.mode === 'control') {
    server.setRequestHandler(ListResourcesRequestSchema, async () => ({ resources: await listResources(documents).catch(mcpError) }));
    server.setRequestHandler(ReadResourceRequestSchema, async (request) => ({
      contents: await readResource(wire, documents, request.params.uri).catch(mcpError),
    }));
  }
  return server;
}

/** Whether any served document's simulator runs (`--stateful`): then get_state and put_state are listed. */
async function stateful(wire: MockWire, documents: Documents): Promise<boolean> {
  const served = await documents.list();
  for (const document of served) {
    const state = await adminJson(wire, 'GET', `/state?spec=${encodeURIComponent(document.name)}`).catch(() => undefined);
    if (state?.stateful === true) return true;
  }
  return false;
}

/** A failure of the mock itself (unreachable, a bug): said without internals. */
function unexpected(error: unknown): ToolFailure {
  const cause = (error as { cause?: { code?: string } }).cause?.code;
  const details = cause === 'ECONNREFUSED' || cause === 'ECONNRESET' ? 'the mock cannot be reached' : 'the mock failed to answer';
  return new ToolFailure('INTERNAL', formatMessage('INTERNAL', { details }), 500);
}

function mcpError(error: unknown): never {
  if (error instanceof McpError) throw error;
  const failure = error instanceof ToolFailure ? error : unexpected(error);
  throw new McpError(ErrorCode.InternalError, `${failure.code}: ${failure.message}`);
}
