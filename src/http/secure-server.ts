import type { IncomingMessage } from 'node:http';
import type { Http2ServerRequest } from 'node:http2';
import type { TLSSocket } from 'node:tls';
import type { FastifyServerOptions } from 'fastify';
import type { TlsSetup } from './tls-options.js';

/**
 * Fastify's own HTTP/2 over TLS: ALPN offers h2 and http/1.1, so HTTP/1.1 clients are still served.
 * With client CAs, a client without a certificate one of them signed is refused at the handshake.
 */
export function secureServerOptions(tls: TlsSetup): Partial<FastifyServerOptions> {
  const mutual = tls.clientCa !== undefined;
  return {
    http2: true,
    https: {
      allowHTTP1: true,
      key: tls.key,
      cert: tls.cert,
      ...(mutual ? { ca: tls.clientCa, requestCert: true, rejectUnauthorized: true } : {}),
    },
  } as Partial<FastifyServerOptions>;
}

/** The subject of the client's certificate under mutual TLS (`CN=client,O=Example`), or undefined. */
export function clientSubject(raw: IncomingMessage | Http2ServerRequest): string | undefined {
  const socket = ('stream' in raw && raw.stream ? raw.stream.session?.socket : raw.socket) as TLSSocket | undefined;
  const subject = socket?.getPeerCertificate?.()?.subject as Record<string, string | string[]> | undefined;
  if (!subject || Object.keys(subject).length === 0) return undefined;
  return Object.entries(subject)
    .map(([name, value]) => `${name}=${Array.isArray(value) ? value.join('+') : value}`)
    .join(',');
}
