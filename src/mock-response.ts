/** What the mock answers: the reply stage (src/http/send-response.ts) writes it as it is. */
export interface MockResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** The JSON value to send, or undefined for no body. */
  readonly body: unknown;
  /** Wait this long before answering (scenario delays). */
  readonly delayMs?: number;
  /** Misbehave instead of answering normally (scenario faults); see src/http/send-response.ts. */
  readonly fault?: Fault;
}

/**
 * reset: TCP reset; empty: the connection closes without an answer; malformed-json: the body is cut
 * short; timeout: no answer until the client gives up or the server closes.
 */
export type Fault = 'reset' | 'empty' | 'malformed-json' | 'timeout';
