import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { problemResponse } from '../problem.js';
import { ADMIN_PREFIX } from '../protocol.js';
import { pickDocument } from './pick-document.js';
import { sendProblem } from './send-problem.js';

/** A document served: its name and the file it was read from. */
export interface SourceDocument {
  readonly mount: { readonly name: string };
  readonly spec: { readonly path: string };
}

/**
 * GET /__mock/document/source: the text of the document served (`?spec=` picks one), as its file holds
 * it now, for clients that read the contract from the mock (the MCP tools). Only the served file is read.
 */
export function documentSourceRoute(app: FastifyInstance, documents: readonly SourceDocument[]): void {
  app.get(`${ADMIN_PREFIX}/document/source`, async (request, reply) => {
    const pick = pickDocument(documents, (request.query as { spec?: unknown }).spec, (d) => d.mount.name);
    if ('error' in pick) return sendProblem(reply, pick.error);
    const { path } = (pick.found ?? (documents[0] as SourceDocument)).spec;
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch {
      return sendProblem(reply, problemResponse({ code: 'NOT_FOUND', params: { method: 'GET', path: `${ADMIN_PREFIX}/document/source` } }));
    }
    const json = /^\s*[{[]/.test(text);
    reply.header('cache-control', 'no-store');
    return reply.type(json ? 'application/json; charset=utf-8' : 'application/yaml; charset=utf-8').send(text);
  });
}
