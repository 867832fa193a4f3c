import { STATUS_CODES } from 'node:http';
import { stringifyJson } from '../json/stringify-json.js';
import { type Problem, problemResponse } from '../problem.js';

/**
 * A complete HTTP/1.1 response for a problem, written straight to a socket. Used where Node answers
 * before Fastify has a request (broken framing, oversized headers, timeouts), so those answers are
 * Error-shaped too. The connection is always closed after it: its framing can no longer be trusted.
 */
export function rawProblemResponse(problem: Problem): string {
  const response = problemResponse(problem);
  const body = stringifyJson(response.body);
  const headers = {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
    ...response.headers,
  };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${latin1(value)}`);
  return `HTTP/1.1 ${response.status} ${STATUS_CODES[response.status] ?? 'Error'}\r\n${lines.join('\r\n')}\r\n\r\n${body}`;
}

/** Header values must not carry line breaks or characters outside Latin-1. */
function latin1(value: string): string {
  return value.replace(/[^\x20-\x7e]/g, '?');
}
