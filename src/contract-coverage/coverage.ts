import type { LintFinding } from '../openapi/document-lint.js';
import type { MockOperation } from '../openapi/operation.js';
import type { ResolvedOptions } from '../options.js';
import { writeCoverageFiles } from './coverage-files.js';
import type { CoverageSlices } from './coverage-model.js';
import { CoverageModel } from './coverage-model.js';
import { coverageReport } from './coverage-report.js';

export interface CoverageParts {
  readonly options: ResolvedOptions;
  readonly operations: readonly MockOperation[];
  readonly documentFindings?: () => readonly LintFinding[];
  readonly log: { warn(message: string): void };
  /** The mock's session store: each session's slice lives with the session. */
  readonly sessions?: CoverageSlices;
}

/** The contract coverage of one server, and what to do with it when the server closes. */
export interface Coverage {
  readonly model: CoverageModel;
  /**
   * With --coverage-report, writes the report files (after in-flight requests were answered) of `counted`
   * (with `--store`, the fleet's) or this server's own; resolves to what could not be written, a
   * sentence, or undefined when all was.
   */
  close(counted?: CoverageModel): Promise<string | undefined>;
}

/**
 * The coverage of one server. A failure to write the report files is logged and returned, never thrown:
 * closing must not fail on a full disk, and the CLI makes it its exit status.
 */
export function createCoverage({ options, operations, documentFindings, log, sessions }: CoverageParts): Coverage {
  const sessionIdleMs = options.sessionIdleTimeout;
  const model = new CoverageModel({
    operations,
    maxSessions: options.maxSessions,
    sessionIdleMs,
    documentFindings,
    ...(sessions ? { sessions } : {}),
  });
  const dir = options.coverageReport;
  return {
    model,
    async close(counted = model) {
      if (dir === undefined) return undefined;
      try {
        await writeCoverageFiles(dir, coverageReport(counted));
        return undefined;
      } catch (error) {
        const failure = `could not write the coverage report to ${dir}: ${(error as Error).message}`;
        log.warn(failure);
        return failure;
      }
    },
  };
}
