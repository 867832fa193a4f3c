import type { EventEmitter } from 'node:events';
import type { IncomingMessage } from 'node:http';
import type { Http2ServerRequest, Http2Session } from 'node:http2';
import type { TLSSocket } from 'node:tls';
import type { FastifyServerOptions } from 'fastify';
import type { TlsSetup } from './tls-options.js';

const MAX_CONCURRENT_STREAMS = 100;

/**
 * Fastify's own HTTP/2 over TLS: ALPN offers h2 and http/1.1, so HTTP/1.1 clients are still served.
 * With client CAs, a client without a certificate one of them signed is refused at the handshake.
 */
export function secureServerOptions(tls: TlsSetup, handshakeTimeoutMs: number): Partial<FastifyServerOptions> {
  const mutual = tls.clientCa !== undefined;
  return {
    http2: true,
    https: {
      allowHTTP1: true,
      // A connection that never finishes its handshake holds a place of --max-connections (Node: 120 s).
      handshakeTimeout: handshakeTimeoutMs,
      // Streams a connection may have open at once (Node allows 2^32 - 1): each may hold a body up to
      // the body limit, so this bounds one connection's memory as --max-connections bounds HTTP/1.1's.
      settings: { maxConcurrentStreams: MAX_CONCURRENT_STREAMS },
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

/** How close() ends the connections of an HTTP/2 server, which has no closeAllConnections. */
export interface SecureConnections {
  /** Asks every HTTP/2 session to close once its streams are done (as idle HTTP/1.1 connections are closed at once). */
  goAway(): void;
  /** At the shutdown deadline: cuts every connection, HTTP/2 or HTTP/1.1. */
  destroy(): void;
}

/**
 * The connections of a secure server, kept so that close() ends in bounded time: Node 20's close() waits
 * for every session to end, and Node 24's closes them gracefully but still waits on a client that keeps a
 * stream open (one that never reads its answer), so without this a close() could wait forever.
 */
export function secureConnections(server: EventEmitter): SecureConnections {
  const sessions = new Set<Http2Session>();
  const sockets = new Set<TLSSocket>();
  server.on('session', (session: Http2Session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });
  server.on('secureConnection', (socket: TLSSocket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  return {
    goAway() {
      for (const session of sessions) if (!session.closed) session.close();
    },
    destroy() {
      for (const session of sessions) session.destroy();
      for (const socket of sockets) socket.destroy();
    },
  };
}
