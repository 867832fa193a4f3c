/** What the mock answers: the reply stage (src/http/send-response.ts) writes it as it is. */
export interface MockResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** The JSON value to send, or undefined for no body. */
  readonly body: unknown;
  /** The body as sent, for media types other than JSON (text, XML, bytes); `body` is what it was made from. */
  readonly payload?: string | Buffer;
  /**
   * A Buffer payload's text where it is text (valid UTF-8 of a text media type), for the journal and
   * callbacks; the bytes go out as they are, with no charset added to their Content-Type.
   */
  readonly payloadText?: string;
  /** Wait this long before answering (scenario delays). */
  readonly delayMs?: number;
  /** Misbehave instead of answering normally (scenario faults); see src/http/send-response.ts. */
  readonly fault?: Fault;
  /**
   * A body sent over time instead of `body`/`payload`: each chunk written as it comes (after its own
   * delay), as fast as the client reads, and the stream left when the client goes away.
   */
  readonly stream?: AsyncIterable<BodyChunk>;
}

/** One piece of a streamed body. */
export interface BodyChunk {
  readonly data: string | Uint8Array;
  /** Wait this long before sending it. */
  readonly delayMs?: number;
}

/**
 * reset: TCP reset; empty: the connection closes without an answer; malformed-json: the body is cut
 * short; timeout: no answer until the client gives up or the server closes.
 */
export type Fault = 'reset' | 'empty' | 'malformed-json' | 'timeout';
