/**
 * The proxy bench's ceiling: the least a forwarding proxy does, a bare Node `http` server passing each
 * request to the upstream at argv[3] over an undici keep-alive Pool and streaming the answer back,
 * hop-by-hop fields dropped both ways. No routing, no validation, no logging. Listens on argv[2].
 */
import { createServer, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { Pool } from 'undici';

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'host']);
const pool = new Pool(String(process.argv[3]), { connections: 64 });

function endToEnd(headers: IncomingHttpHeaders | Record<string, string | string[] | undefined>): OutgoingHttpHeaders {
  const kept: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) kept[name] = value;
  return kept;
}

createServer(async (request, response) => {
  try {
    const answer = await pool.request({
      method: request.method as 'POST',
      path: request.url ?? '/',
      headers: endToEnd(request.headers) as Record<string, string>,
      body: request,
    });
    response.writeHead(answer.statusCode, endToEnd(answer.headers));
    await pipeline(answer.body, response);
  } catch {
    if (!response.headersSent) response.writeHead(502);
    response.end();
  }
}).listen(Number(process.argv[2]), '127.0.0.1');
