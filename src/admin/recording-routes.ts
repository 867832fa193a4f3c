import type { FastifyInstance } from 'fastify';
import type { MockFeatures } from '../mock/create-mock.js';
import { problemResponse } from '../problem.js';
import { ADMIN_PREFIX } from '../protocol.js';
import { sendProblem } from './send-problem.js';

/** POST /__mock/recordings/flush: writes the recordings not yet written (`--record`), and says which. */
export function registerRecordingRoutes(app: FastifyInstance, recordings: MockFeatures['recordings']): void {
  app.post(`${ADMIN_PREFIX}/recordings/flush`, async (_request, reply) => {
    if (recordings === undefined)
      return sendProblem(reply, problemResponse({ code: 'INVALID_ADMIN_REQUEST', params: { details: 'the mock runs without --record' } }));
    const reports = await recordings.flush();
    return { files: reports.flatMap((report) => report.files.map(({ name, exchanges }) => ({ name, exchanges }))) };
  });
}
