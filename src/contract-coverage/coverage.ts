import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { MockOperation } from '../openapi/operation.js';
import type { ResolvedOptions } from '../options.js';
import type { Catalogue } from '../scenarios/scenario-types.js';
import { writeCoverageFiles } from './coverage-files.js';
import { CoverageModel } from './coverage-model.js';
import { coverageReport } from './coverage-report.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This server's contract coverage (see src/contract-coverage/), for the programmatic API. */
    coverage: CoverageModel;
  }
}

export interface CoverageParts {
  readonly options: ResolvedOptions;
  readonly operations: readonly MockOperation[];
  readonly catalogue: () => Catalogue | undefined;
  readonly log: Pick<Logger, 'warn'>;
}

/**
 * The coverage of one server: its model, on the app for server.coverage(), and with --coverage-report
 * the report files written once the server closed (after in-flight requests were answered). A failure
 * to write them is logged, never thrown: closing must not fail on a full disk.
 */
export function createCoverage(app: FastifyInstance, { options, operations, catalogue, log }: CoverageParts): CoverageModel {
  const model = new CoverageModel({ operations, maxSessions: options.maxSessions, sessionIdleMs: options.sessionIdleTimeout, catalogue });
  app.decorate('coverage', model);
  const dir = options.coverageReport;
  if (dir !== undefined) {
    app.addHook('onClose', async () => {
      try {
        await writeCoverageFiles(dir, coverageReport(model));
      } catch (error) {
        log.warn(`could not write the coverage report to ${dir}: ${(error as Error).message}`);
      }
    });
  }
  return model;
}
