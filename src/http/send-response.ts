import type { FastifyReply } from 'fastify';
import { stringifyJson } from '../json/stringify-json.js';
import type { MockResponse } from '../pipeline/types.js';

/** Reply stage: writes a MockResponse as it is; JSON bodies keep every digit of big integers. */
export function sendResponse(reply: FastifyReply, response: MockResponse): FastifyReply {
  reply.code(response.status).headers(response.headers);
  if (response.body === undefined) return reply.send();
  if (!reply.hasHeader('content-type')) reply.type('application/json; charset=utf-8');
  return reply.send(stringifyJson(response.body));
}
