import type { Socket } from 'node:net';
import type { FastifyReply } from 'fastify';
import { jsonTextOf } from '../json/stringify-json.js';
import type { MockResponse } from '../mock-response.js';
import { responseGone } from './client-gone.js';
import type { HeldConnections } from './held-connections.js';
import { sendStream, type Told } from './send-stream.js';

export type { Told };

/** Reply stage: writes a MockResponse as it is (after its delay, or misbehaving as its fault says); JSON bodies keep every digit of big integers. */
export function sendResponse(
  reply: FastifyReply,
  response: MockResponse,
  held?: HeldConnections,
  told?: Told,
): FastifyReply | Promise<FastifyReply> {
  if (response.delayMs && held) return held.wait(response.delayMs).then(() => write(reply, response, held, told));
  return write(reply, response, held, told);
}

function write(reply: FastifyReply, response: MockResponse, held: HeldConnections | undefined, told: Told | undefined): FastifyReply {
  if (response.stream !== undefined && response.fault === undefined) {
    reply.headers(response.headers);
    return sendStream(reply, response.status, response.stream, held, told);
  }
  const socket = reply.raw.socket as Socket | null;
  if (response.fault && response.fault !== 'malformed-json' && socket && typeof socket.destroy === 'function') {
    told?.(reply, 0, undefined);
    reply.hijack();
    if (response.fault === 'reset') {
      if (typeof socket.resetAndDestroy === 'function') socket.resetAndDestroy();
      else socket.destroy();
    } else if (response.fault === 'empty') socket.end();
    else if (held) held.hold(socket);
    else socket.destroy();
    return reply;
  }
  if (response.fault && response.fault !== 'malformed-json' && responseGone(reply.raw)) {
    // An HTTP/2 stream the client cancelled has no socket: no answer can go out, as above.
    told?.(reply, 0, undefined);
    reply.hijack();
    return reply;
  }
  reply.code(response.status).headers(response.headers);
  let text: string | undefined;
  if (response.payload !== undefined) {
    const payload = response.payload;
    text = typeof payload === 'string' ? payload : (response.payloadText ?? `(${payload.length} bytes)`);
    reply.send(response.fault === 'malformed-json' ? payload.slice(0, Math.max(1, Math.floor(payload.length / 2))) : payload);
  } else if (response.body === undefined) reply.send();
  else {
    if (!reply.hasHeader('content-type')) reply.type('application/json; charset=utf-8');
    const whole = jsonTextOf(response.body);
    // A cut-short document: what a proxy or a crashed server sends halfway through.
    text = response.fault === 'malformed-json' ? whole.slice(0, Math.max(1, Math.floor(whole.length / 2))) : whole;
    reply.send(text);
  }
  told?.(reply, reply.statusCode, text);
  return reply;
}
