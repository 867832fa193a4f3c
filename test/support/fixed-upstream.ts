import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';

/**
 * A real service that answers every request alike (status, headers, body), closed after each test:
 * returns the starter, which resolves to the service's base URL (`/v1`).
 */
export function useFixedUpstreams(): (status: number, headers: Record<string, string>, body: string) => Promise<string> {
  const upstreams: Server[] = [];
  afterEach(async () => {
    for (const upstream of upstreams.splice(0)) {
      upstream.closeAllConnections();
      await new Promise((resolve) => upstream.close(resolve));
    }
  });
  return async (status, headers, body) => {
    const server = createServer((request, response) => {
      request.resume();
      response.writeHead(status, headers).end(body);
    });
    upstreams.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  };
}
