import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';

export interface Received {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
}

/**
 * A consumer of callbacks and webhooks on 127.0.0.1 (a free port): it records every request and
 * answers as `answer` says for the path; a request it leaves unanswered (a timeout) is ended on close.
 */
export async function startConsumer(answer: (path: string, response: ServerResponse) => void) {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
      });
      answer(request.url ?? '', response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The consumers of a test file: `consumer(answer)` starts one (see startConsumer), and every consumer
 * a test started is closed after it.
 */
export function useConsumers(): (answer?: Parameters<typeof startConsumer>[0]) => ReturnType<typeof startConsumer> {
  const started: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((consumer) => consumer.close()));
  });
  return async (answer = (_path, response) => response.writeHead(200).end()) => {
    const consumer = await startConsumer(answer);
    started.push(consumer);
    return consumer;
  };
}
