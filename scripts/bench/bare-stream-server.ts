/**
 * The streams bench's baseline: a bare Node `http` server that writes the given chunks (a JSON list in
 * the file named by argv[3]) one write each, waiting for `drain` as the mock does, on port argv[2].
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const port = Number(process.argv[2]);
const chunks = JSON.parse(readFileSync(String(process.argv[3]), 'utf8')) as string[];

createServer(async (request, response) => {
  if (request.url === '/ping') {
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    return;
  }
  response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
  for (const chunk of chunks) {
    if (response.destroyed) return;
    if (!response.write(chunk)) await new Promise((resolve) => response.once('drain', resolve));
  }
  response.end();
}).listen(port, '127.0.0.1');
