import type { FastifyInstance, FastifyReply } from 'fastify';
import { packageVersion } from '../assets/package-files.js';
import type { Journal } from '../journal/journal.js';
import type { JournalEntry } from '../journal/journal-entry.js';
import { createJournalEvents } from '../journal/journal-events.js';
import { compileFilter, type JournalFilter, pickFilter } from '../journal/journal-filter.js';
import { journalHar } from '../journal/journal-har.js';
import { presentEntry } from '../journal/present-entry.js';
import { verify } from '../journal/verify.js';
import { stringifyJson } from '../json/stringify-json.js';
import type { FleetJournal } from '../mock/fleet-journal.js';
import { problemResponse } from '../problem.js';
import { ADMIN_PREFIX } from '../protocol.js';
import { clearQuerySchema, filterQuerySchema, listQuerySchema, verifyBodySchema } from './journal-schemas.js';

/** The journal's admin API: list, count, verify, clear, and the live event stream. */
export async function journalRoutes(
  app: FastifyInstance,
  { journal, fleet, maxEventStreams }: { journal: Journal; fleet?: FleetJournal | undefined; maxEventStreams: number },
): Promise<void> {
  // With `--store`, the stream tells every replica's entries (the fleet's, polled from the store).
  const events = createJournalEvents(fleet ?? journal, { maxStreams: maxEventStreams });
  app.addHook('preClose', async () => events.closeAll());

  // With `--store`, the fleet's entries (every replica's), read from the store; else this server's.
  const entries = async () => (fleet ? fleet.entries().catch((): typeof STORE_AWAY => STORE_AWAY) : journal.entries());
  const matching = (all: readonly JournalEntry[], filter: JournalFilter) => {
    const match = compileFilter(filter);
    return all.filter((entry) => match(entry).length === 0);
  };

  app.get(`${ADMIN_PREFIX}/journal`, { schema: { querystring: listQuerySchema } }, async (request, reply) => {
    const query = request.query as JournalFilter & { limit?: number; format?: 'json' | 'har' };
    const all = await entries();
    if (all === STORE_AWAY) return storeAway(reply);
    const found = matching(all, pickFilter(query));
    const shown = query.limit === undefined ? found : found.slice(-query.limit);
    if (query.format === 'har') {
      const har = journalHar(shown, `${request.protocol}://${request.host}`, { name: 'plantstore-mock', version: packageVersion() });
      reply.header('content-disposition', 'attachment; filename="plantstore-mock.har"');
      return sendJson(reply, 200, har);
    }
    const size = fleet ? all.length : journal.size;
    return sendJson(reply, 200, { count: found.length, size, capacity: journal.capacity, entries: shown.map(presentEntry) });
  });

  app.get(`${ADMIN_PREFIX}/journal/count`, { schema: { querystring: filterQuerySchema } }, async (request, reply) => {
    const all = await entries();
    if (all === STORE_AWAY) return storeAway(reply);
    return sendJson(reply, 200, { count: matching(all, request.query as JournalFilter).length });
  });

  app.post(`${ADMIN_PREFIX}/journal/verify`, { schema: { body: verifyBodySchema } }, async (request, reply) => {
    const body = request.body as JournalFilter & { atLeast?: number; exactly?: number };
    const expectation = body.exactly !== undefined ? { exactly: body.exactly } : { atLeast: body.atLeast ?? 1 };
    const all = await entries();
    if (all === STORE_AWAY) return storeAway(reply);
    return sendJson(reply, 200, verify(all, pickFilter(body), expectation));
  });

  app.delete(`${ADMIN_PREFIX}/journal`, { schema: { querystring: clearQuerySchema } }, async (request, reply) => {
    const { session } = request.query as { session?: string };
    const cleared = journal.clear(session);
    if (!fleet) return sendJson(reply, 200, { cleared, size: journal.size });
    const fleetCleared = await fleet.clear(session).catch(() => undefined);
    if (fleetCleared === undefined) return storeAway(reply);
    const left = await entries();
    return sendJson(reply, 200, { cleared: fleetCleared, size: left === STORE_AWAY ? 0 : left.length });
  });

  app.get(`${ADMIN_PREFIX}/events`, (request, reply) => events.stream(request, reply));
}

/** The fleet's journal could not be read: the store is away. */
const STORE_AWAY = Symbol('store away');

function storeAway(reply: FastifyReply): FastifyReply {
  const problem = problemResponse({ code: 'STORE_UNAVAILABLE', headers: { 'retry-after': '1' } });
  return reply.code(problem.status).headers(problem.headers).type('application/json; charset=utf-8').send(stringifyJson(problem.body));
}

/** Admin answers go through stringifyJson so answered bigints keep every digit. */
function sendJson(reply: FastifyReply, status: number, value: unknown): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send(stringifyJson(value));
}
