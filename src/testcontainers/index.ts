// Entry point `plantstore-mock/testcontainers`; testcontainers is an optional peer dependency, loaded
// only by this entry (the main entry never imports it).

export type { MockSession, SessionExpectation, SessionJournalFilter, SessionVerification } from '../client/session-handle.js';
export type { GateBar } from '../contract-coverage/coverage-gate.js';
export type { CoverageReport } from '../contract-coverage/coverage-report.js';
export type { DriftReport } from '../contract-coverage/drift-report.js';
export {
  DATA_DIR,
  DEFAULT_IMAGE,
  MOCK_PORT,
  OVERLAYS_DIR,
  PlantStoreMockContainer,
  SCENARIOS_DIR,
  SPEC_DIR,
  TLS_CA_FILE,
} from './plantstore-mock-container.js';
export { type AdminResponse, StartedPlantStoreMockContainer } from './started-plantstore-mock-container.js';
