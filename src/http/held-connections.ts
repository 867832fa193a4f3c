import type { Socket } from 'node:net';

/**
 * What one server keeps of the answers it holds back: delays in progress and connections a `timeout`
 * fault keeps open. close() (on server close) cuts delays short and drops held connections, so closing
 * never waits on a scenario.
 */
export class HeldConnections {
  readonly #sockets = new Set<Socket>();
  readonly #wakers = new Set<() => void>();
  #closing = false;

  /** Resolves after ms, or at once when the server is closing or `signal` aborts. */
  wait(ms: number, signal?: AbortSignal): Promise<void> {
    if (this.#closing || signal?.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.#wakers.delete(wake);
        signal?.removeEventListener('abort', wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.#wakers.add(wake);
      signal?.addEventListener('abort', wake);
    });
  }

  /** Calls `stop` when the server closes (a stream in progress ends); returns the function that forgets it. */
  track(stop: () => void): () => void {
    if (this.#closing) {
      stop();
      return () => {};
    }
    this.#wakers.add(stop);
    return () => this.#wakers.delete(stop);
  }

  /** Keeps a connection open without answering until its client goes away or the server closes. */
  hold(socket: Socket): void {
    if (this.#closing) {
      socket.destroy();
      return;
    }
    this.#sockets.add(socket);
    socket.once('close', () => this.#sockets.delete(socket));
  }

  close(): void {
    this.#closing = true;
    for (const wake of [...this.#wakers]) wake();
    for (const socket of this.#sockets) socket.destroy();
    this.#sockets.clear();
  }
}
