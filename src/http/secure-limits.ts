import type { Http2SecureServer, ServerHttp2Stream } from 'node:http2';
import type { ResolvedOptions } from '../options.js';

/**
 * The limits of the TLS listener (HTTP/2 with HTTP/1.1 allowed), which Node makes without the `http`
 * options of limits.ts: its HTTP/1.1 connections get fixed timeouts (60 s for headers, 5 min per
 * request) read from these properties when it starts listening, so a client trickling headers over
 * TLS held its connection; HTTP/2 streams get no request timeout at all.
 */
export function registerSecureLimits(server: Http2SecureServer, options: ResolvedOptions): void {
  const listener = server as Http2SecureServer & {
    headersTimeout: number;
    requestTimeout: number;
    keepAliveTimeout: number;
    maxHeaderSize: number;
    connectionsCheckingInterval: number;
  };
  listener.headersTimeout = options.headersTimeout;
  listener.requestTimeout = options.requestTimeout;
  listener.keepAliveTimeout = options.keepAliveTimeout;
  listener.maxHeaderSize = parserHeadBytes(options);
  listener.connectionsCheckingInterval = checkingInterval(options);
  server.on('stream', (stream) => limitStreamTime(stream, options.requestTimeout));
}

/** Cancels an HTTP/2 stream whose request has not been received whole within `ms`. */
function limitStreamTime(stream: ServerHttp2Stream, ms: number): void {
  if (stream.endAfterHeaders) return;
  // node:http2 is read here, on an HTTP/2 server, which has loaded it: imported, every start would load it.
  const timer = setTimeout(() => {
    if (!stream.destroyed && !stream.readableEnded) stream.close(process.getBuiltinModule('node:http2').constants.NGHTTP2_CANCEL);
  }, ms);
  const clear = () => clearTimeout(timer);
  stream.once('end', clear);
  stream.once('close', clear);
}

/** How often Node checks the header and request timeouts: a short timeout must be enforced promptly. */
export function checkingInterval(options: ResolvedOptions): number {
  return Math.max(25, Math.min(1000, Math.floor(options.headersTimeout / 4)));
}

/**
 * What Node's parser may read of a request's head: the URL's limit plus the headers', so that a URL over
 * `--max-url-length` reaches the request (414, as nginx and Go answer it) instead of Node's overflow (431),
 * and headers over `--max-header-size` are counted apart from the URL (src/http/limits.ts: 431).
 */
export function parserHeadBytes(options: Pick<ResolvedOptions, 'maxHeaderSize' | 'maxUrlLength'>): number {
  return options.maxHeaderSize + options.maxUrlLength;
}
