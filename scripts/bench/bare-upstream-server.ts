/**
 * The proxy bench's upstream: a bare Node `http` server standing for the real Plant Store. It reads the
 * request body and answers every request with the created Plant, on port argv[2].
 */
import { createServer } from 'node:http';

const PLANT = JSON.stringify({ id: 1, name: 'Monstera deliciosa', tag: 'tropical' });

createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(PLANT) }).end(PLANT);
  });
}).listen(Number(process.argv[2]), '127.0.0.1');
