/**
 * The proxy bench's lower ceiling: a bare Node `http` server forwarding each request to the upstream at
 * argv[3] the way the mock does, with no stream on either side: the request body read whole, sent over
 * an undici Pool's `dispatch` with a handler collecting the answer's chunks, the answer written with one
 * `end()`. Hop-by-hop fields dropped both ways; no routing, validation, drift check or logging. Listens on argv[2].
 */
import { createServer, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import { type Dispatcher, Pool } from 'undici';

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'host']);
const pool = new Pool(String(process.argv[3]), { connections: 64 });

function endToEnd(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const kept: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) kept[name] = value;
  return kept;
}

createServer((request, response) => {
  const body: Buffer[] = [];
  request.on('data', (chunk: Buffer) => body.push(chunk));
  request.on('end', () => {
    let status = 502;
    let headers: OutgoingHttpHeaders = {};
    const chunks: Buffer[] = [];
    const handler: Dispatcher.DispatchHandler = {
      // Its presence tells undici the handler takes the controller API (onResponse*), not the older one.
      onRequestStart() {},
      onResponseStart(_controller, statusCode, answerHeaders) {
        status = statusCode;
        headers = endToEnd(answerHeaders);
      },
      onResponseData(_controller, chunk) {
        chunks.push(chunk);
      },
      onResponseEnd() {
        response.writeHead(status, headers).end(Buffer.concat(chunks));
      },
      onResponseError() {
        if (!response.headersSent) response.writeHead(502);
        response.end();
      },
    };
    pool.dispatch(
      {
        method: request.method as Dispatcher.HttpMethod,
        path: request.url ?? '/',
        headers: endToEnd(request.headers) as Record<string, string>,
        body: Buffer.concat(body),
      },
      handler,
    );
  });
}).listen(Number(process.argv[2]), '127.0.0.1');
