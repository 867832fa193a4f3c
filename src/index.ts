export { type CacheSettings, type DocumentCache, openDocumentCache } from './cache/document-cache.js';
export type {
  MockSession,
  SessionExpectation,
  SessionJournalFilter,
  SessionVerification,
} from './client/session-handle.js';
export { MockConfigError } from './config-error.js';
export type {
  CoverageReport,
  CoverageSummary,
  OperationCoverage,
  ResponseCoverage,
  UpstreamCoverage,
} from './contract-coverage/coverage-report.js';
export type { DriftReport } from './contract-coverage/drift-report.js';
export { ERRORS, type ErrorCode, type ErrorDefinition } from './errors.js';
export {
  BUNDLED_SCENARIOS,
  BUNDLED_SPEC,
  LIMIT_DEFAULTS,
  LOG_LEVELS,
  type LogLevel,
  type MockServerOptions,
  type ResolvedOptions,
} from './options.js';
export type { DriftFinding, DriftKind } from './provenance.js';
export { SCENARIO_FILE_SCHEMA } from './scenarios/file-schema.js';
export { type CloseOutcome, createMockServer, type MockInjectOptions, type MockServer, type ServedDocument } from './server.js';
