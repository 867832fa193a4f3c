import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { McpEndpoint, McpMode } from '../mcp/http-endpoint.js';
import type { Inject } from '../mcp/mock-wire.js';
import { ADMIN_PREFIX } from '../protocol.js';

/** What the MCP endpoint needs of the server: the API app's inject() and the admin token its tools send. */
export interface McpMount {
  readonly inject: Inject;
  readonly adminToken: string | undefined;
  /** `--mcp-include`: the operations `/__mock/mcp/api` serves as tools (none: all). */
  readonly include: readonly string[];
}

/** Bytes of one JSON-RPC message the endpoint reads: tool arguments are small. */
const MCP_BODY_LIMIT = 1024 * 1024;

/**
 * `/__mock/mcp` (the control plane) and `/__mock/mcp/api` (the API's operations) over Streamable HTTP,
 * behind the admin routes' guards (host allow-list, same-origin policy, admin token). The MCP code is
 * loaded on the first request to either: a mock that is never asked pays nothing for it.
 */
export function mcpRoutes(app: FastifyInstance, mount: McpMount): void {
  let endpoint: Promise<McpEndpoint> | undefined;
  app.register(async (scope) => {
    // The text as sent, within the bound; the endpoint parses it, so bad JSON is JSON-RPC's parse error.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: MCP_BODY_LIMIT }, (_request, text, done) =>
      done(null, text),
    );
    const route = (mode: McpMode) => async (request: FastifyRequest, reply: FastifyReply) => {
      endpoint ??= import('../mcp/http-endpoint.js').then(({ createMcpEndpoint }) => {
        // Tool calls reach the API and the admin routes through inject(), with the Host this request passed the allow-list with.
        const inject: Inject = (sent) => mount.inject({ ...sent, headers: { ...sent.headers, host: request.headers.host ?? 'localhost' } });
        return createMcpEndpoint(inject, mount.adminToken, mount.include);
      });
      const built = await endpoint;
      for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value);
      reply.hijack();
      await built.handle(mode, request.raw, reply.raw, typeof request.body === 'string' ? request.body : undefined);
    };
    scope.route({ method: ['GET', 'POST', 'DELETE'], url: `${ADMIN_PREFIX}/mcp`, handler: route('control') });
    scope.route({ method: ['GET', 'POST', 'DELETE'], url: `${ADMIN_PREFIX}/mcp/api`, handler: route('api') });
    scope.addHook('onClose', async () => {
      const built = await endpoint?.catch(() => undefined);
      await built?.close();
    });
  });
}
