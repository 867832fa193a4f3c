import type { LintFinding } from '../openapi/document-lint.js';
import type { MockOperation } from '../openapi/operation.js';
import type { ResolvedOptions } from '../options.js';
import { writeCoverageFiles } from './coverage-files.js';
import { CoverageModel } from './coverage-model.js';
import { coverageReport } from './coverage-report.js';

export interface CoverageParts {
  readonly options: ResolvedOptions;
  readonly operations: readonly MockOperation[];
  readonly documentFindings?: () => readonly LintFinding[];
  readonly log: { warn(message: string): void };
}

/** The contract coverage of one server, and what to do with it when the server closes. */
export interface Coverage {
  readonly model: CoverageModel;
  /** With --coverage-report, writes the report files (after in-flight requests were answered). */
  close(): Promise<void>;
}

/**
 * The coverage of one server. A failure to write the report files is logged, never thrown: closing
 * must not fail on a full disk.
 */
export function createCoverage({ options, operations, documentFindings, log }: CoverageParts): Coverage {
  const sessionIdleMs = options.sessionIdleTimeout;
  const model = new CoverageModel({ operations, maxSessions: options.maxSessions, sessionIdleMs, documentFindings });
  const dir = options.coverageReport;
  return {
    model,
    async close() {
      if (dir === undefined) return;
      try {
        await writeCoverageFiles(dir, coverageReport(model));
      } catch (error) {
        log.warn(`could not write the coverage report to ${dir}: ${(error as Error).message}`);
      }
    },
  };
}
