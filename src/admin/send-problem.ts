import type { FastifyReply } from 'fastify';
import { stringifyJson } from '../json/stringify-json.js';
import type { MockResponse } from '../mock-response.js';

/**
 * Writes an answer from the catalogue (problemResponse) on one of the mock's own routes, as the API's
 * sendResponse writes it, less what only the API's answers get: delays, faults, the journal and metrics.
 */
export function sendProblem(reply: FastifyReply, problem: MockResponse): FastifyReply {
  return reply.code(problem.status).headers(problem.headers).type('application/json; charset=utf-8').send(stringifyJson(problem.body));
}
