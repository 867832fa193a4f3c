import { randomUUID } from 'node:crypto';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { packageVersion } from '../assets/package-files.js';
import { MockConfigError } from '../config-error.js';
import { createMcpServer } from '../mcp/mcp-server.js';
import { httpWire, injectWire, type MockWire, withAdminToken } from '../mcp/mock-wire.js';
import { parseArgs } from './parse-args.js';

const USAGE = `plantstore-mock mcp [--url URL] [--admin-token T] [--api] [--mcp-include ID|TAG|/PATH] [server options]

Serves the mock to coding agents over MCP on standard input and output (docs/mcp.md).
  --url URL          a running mock (its admin API); without it a mock starts in this process from the
                     server options (it listens only when --port is given)
  --admin-token T    the running mock's admin token (without --url: the in-process mock's)
  --api              the served documents' operations as tools, instead of the control plane
  --mcp-include X    with --api: only these operations (operationId, tag or /path pattern; repeatable)
`;

interface Streams {
  readonly out: { write(text: string): unknown };
  readonly err: { write(text: string): unknown };
}

/** `plantstore-mock mcp`: an MCP server on stdio, over a running mock (`--url`) or one started here. Resolves to the exit code. */
export async function runMcpCommand(
  argv: readonly string[],
  stop: Promise<void>,
  { out, err }: Streams = { out: process.stdout, err: process.stderr },
): Promise<number> {
  const rest: string[] = [];
  let url: string | undefined;
  let api = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--help' || arg === '-h') {
      out.write(USAGE);
      return 0;
    }
    if (arg === '--api') api = true;
    else if (arg === '--url') url = argv[++i];
    else if (arg.startsWith('--url=')) url = arg.slice('--url='.length);
    else rest.push(arg);
  }
  if (url !== undefined && !/^https?:\/\/[^\s/?#]+\/?$/.test(url))
    throw new MockConfigError(`--url must be the base URL of a running mock, such as http://127.0.0.1:4010`);
  const parsed = await parseArgs(rest);
  if (parsed.kind === 'exit') {
    (parsed.code === 0 ? out : err).write(`${parsed.output}\n`);
    return parsed.code;
  }
  const options = parsed.options;
  let wire: MockWire;
  let close = async () => undefined as unknown;
  if (url !== undefined) wire = withAdminToken(httpWire(url), options.adminToken);
  else {
    const { createMockServer } = await import('../server.js');
    // Standard output is the protocol's: the mock logs to standard error.
    const server = await createMockServer({ ...options, logStream: process.stderr });
    const listens =
      rest.some((a) => a === '--port' || a === '-p' || a.startsWith('--port=')) || process.env.PLANTSTORE_MOCK_PORT !== undefined;
    if (listens) err.write(`plantstore-mock listening on ${await server.listen()}\n`);
    wire = withAdminToken(
      injectWire((request) => server.inject(request as never) as never),
      options.adminToken,
    );
    close = () => server.close();
  }
  const session = `mcp-${randomUUID()}`;
  const transport = new StdioServerTransport();
  const server = createMcpServer(wire, {
    mode: api ? 'api' : 'control',
    include: options.mcpInclude ?? [],
    session: () => session,
    version: packageVersion(),
  });
  const ended = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    process.stdin.once('end', () => resolve());
  });
  await server.connect(transport);
  await Promise.race([ended, stop]);
  await server.close().catch(() => undefined);
  await close();
  return 0;
}
