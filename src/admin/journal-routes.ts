import type { FastifyInstance, FastifyReply } from 'fastify';
import { packageVersion } from '../assets/package-files.js';
import type { Journal } from '../journal/journal.js';
import { createJournalEvents } from '../journal/journal-events.js';
import { compileFilter, type JournalFilter, pickFilter } from '../journal/journal-filter.js';
import { journalHar } from '../journal/journal-har.js';
import { presentEntry } from '../journal/present-entry.js';
import { verify } from '../journal/verify.js';
import { stringifyJson } from '../json/stringify-json.js';
import { ADMIN_PREFIX } from '../protocol.js';
import { clearQuerySchema, filterQuerySchema, listQuerySchema, verifyBodySchema } from './journal-schemas.js';

/** The journal's admin API: list, count, verify, clear, and the live event stream. */
export async function journalRoutes(
  app: FastifyInstance,
  { journal, maxEventStreams }: { journal: Journal; maxEventStreams: number },
): Promise<void> {
  const events = createJournalEvents(journal, { maxStreams: maxEventStreams });
  app.addHook('preClose', async () => events.closeAll());

  const matching = (filter: JournalFilter) => {
    const match = compileFilter(filter);
    return journal.entries().filter((entry) => match(entry).length === 0);
  };

  app.get(`${ADMIN_PREFIX}/journal`, { schema: { querystring: listQuerySchema } }, async (request, reply) => {
    const query = request.query as JournalFilter & { limit?: number; format?: 'json' | 'har' };
    const found = matching(pickFilter(query));
    const shown = query.limit === undefined ? found : found.slice(-query.limit);
    if (query.format === 'har') {
      const har = journalHar(shown, `${request.protocol}://${request.host}`, { name: 'plantstore-mock', version: packageVersion() });
      reply.header('content-disposition', 'attachment; filename="plantstore-mock.har"');
      return sendJson(reply, 200, har);
    }
    return sendJson(reply, 200, { count: found.length, size: journal.size, capacity: journal.capacity, entries: shown.map(presentEntry) });
  });

  app.get(`${ADMIN_PREFIX}/journal/count`, { schema: { querystring: filterQuerySchema } }, async (request, reply) =>
    sendJson(reply, 200, { count: matching(request.query as JournalFilter).length }),
  );

  app.post(`${ADMIN_PREFIX}/journal/verify`, { schema: { body: verifyBodySchema } }, async (request, reply) => {
    const body = request.body as JournalFilter & { atLeast?: number; exactly?: number };
    const expectation = body.exactly !== undefined ? { exactly: body.exactly } : { atLeast: body.atLeast ?? 1 };
    return sendJson(reply, 200, verify(journal.entries(), pickFilter(body), expectation));
  });

  app.delete(`${ADMIN_PREFIX}/journal`, { schema: { querystring: clearQuerySchema } }, async (request, reply) => {
    const { session } = request.query as { session?: string };
    const cleared = journal.clear(session);
    return sendJson(reply, 200, { cleared, size: journal.size });
  });

  app.get(`${ADMIN_PREFIX}/events`, (request, reply) => events.stream(request, reply));
}

/** Admin answers go through stringifyJson so answered bigints keep every digit. */
function sendJson(reply: FastifyReply, status: number, value: unknown): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send(stringifyJson(value));
}
