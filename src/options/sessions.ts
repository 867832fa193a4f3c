import type { Declaration } from '../option-kinds.js';
import { TOKEN68 } from '../protocol.js';

/** The options of scenarios, sessions, the stateful simulator, the journal, the admin token and coverage. */
export const SESSION_OPTIONS = {
  scenariosDir: {
    kind: 'path',
    flag: 'scenarios',
    invalid: 'must be a directory path',
    arg: 'DIR',
    help: 'directory of extra scenario files (*.yaml); same name replaces a bundled one',
    readme: 'directory of extra [scenario files](scenarios/README.md); a file named like a bundled one replaces it',
  },
  // Its default depends on the spec: resolveOptions works it out.
  bundledScenarios: {
    kind: 'boolean',
    help: 'load the bundled Plant Store scenarios (--no-bundled-scenarios: only --scenarios DIR)',
    helpDefault: 'on with the bundled spec, off with --spec',
    readme: 'load the bundled Plant Store scenarios (they name its operations)',
    readmeDefault: 'on with the bundled spec, off with `--spec`',
  },
  scenario: {
    kind: 'string',
    pattern: /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/,
    invalid: 'must be a scenario name (letters, digits and -._)',
    showValue: true,
    arg: 'NAME',
    help: 'scenario every request gets unless X-Mock-Scenario or its session picks another',
    readme: 'scenario every request gets unless a session or `X-Mock-Scenario` picks another',
  },
  watch: {
    kind: 'boolean',
    default: false,
    help: 'reload the spec, scenario files and --data file on change; a bad edit keeps the last good version',
    readme: 'reload the spec, scenario files and `--data` file on change; a bad edit keeps the last good version and logs why',
  },
  sessionIdleTimeout: {
    kind: 'integer',
    default: 30 * 60 * 1000,
    min: 1,
    max: 2 ** 31 - 1,
    arg: 'MS',
    help: 'milliseconds after which an idle X-Mock-Session is forgotten',
  },
  maxSessions: {
    kind: 'integer',
    default: 10_000,
    min: 1,
    max: 1_000_000,
    help: 'most X-Mock-Session sessions kept at once (least recently used go first)',
  },
  allowRemoteRefs: {
    kind: 'boolean',
    default: false,
    help: "follow $refs to http(s) URLs (without it, only files inside the document's folder)",
  },
  stateful: {
    kind: 'boolean',
    default: false,
    help: 'simulate the resources of the document: what a request creates can be read, listed, changed and deleted',
    readme:
      "simulate the document's resources per session: created records can be read, listed, replaced and deleted ([stateful simulation](docs/stateful.md))",
  },
  maxResources: {
    kind: 'integer',
    default: 10_000,
    min: 1,
    max: 10_000_000,
    help: 'most records one session holds with --stateful (a create beyond it answers 507)',
  },
  maxStateBytes: {
    kind: 'size',
    default: 64 * 1024 * 1024,
    min: 1024,
    max: 64 * 1024 ** 3,
    examples: '67108864, 64mb or 1gb',
    help: 'most bytes of stored records and scenario data one session holds (507 beyond): bytes, or with kb/mb/gb',
    readme: 'most bytes of stored records and scenario data per session; a store beyond it answers `507`',
  },
  maxTotalStateBytes: {
    kind: 'size',
    default: 512 * 1024 * 1024,
    min: 1024,
    max: 64 * 1024 ** 3,
    examples: '536870912, 512mb or 2gb',
    help: 'most bytes of stored records and scenario data of all sessions together (507 beyond)',
    readme: 'most bytes of stored records and scenario data of all sessions together; a store beyond it answers `507`',
  },
  data: {
    kind: 'path',
    mounts: true,
    invalid: 'must be a file path, or /BASE=FILE',
    arg: 'FILE',
    help: 'seed records for --stateful (JSON or YAML: collection path -> array of records), in every new session; repeatable, /BASE=FILE seeds the document at /BASE',
    readme:
      '[seed records](docs/stateful.md#seed-data) for `--stateful`: collection path -> array of records, loaded into every new session; repeatable, `/BASE=FILE` seeds the document mounted at `/BASE`',
  },
  journalSize: {
    kind: 'integer',
    default: 1000,
    min: 0,
    max: 1_000_000,
    help: 'how many of the latest requests the journal keeps (0 turns it off)',
  },
  journalUnmasked: {
    kind: 'boolean',
    default: false,
    help: 'keep credentials unmasked in the journal, dashboard and coverage (default: masked as Bearer ***abcd)',
    readme: 'keep credentials (Authorization, cookies, the API keys the document names) unmasked in the journal and dashboard',
  },
  maxEventStreams: {
    kind: 'integer',
    default: 32,
    min: 1,
    max: 10_000,
    help: 'most open /__mock/events streams (the oldest is closed for a new one; at most half of --max-connections)',
    readme: 'most open `/__mock/events` streams (dashboards); a new one closes the oldest; at most half of `--max-connections`',
  },
  adminToken: {
    kind: 'string',
    pattern: TOKEN68,
    invalid: 'must be a bearer token (letters, digits and -._~+/ as RFC 6750 allows)',
    arg: 'T',
    help: 'require Authorization: Bearer T on /__mock/ (except health)',
    readme: 'require `Authorization: Bearer T` (or `?token=T`) under `/__mock/`, health excepted',
  },
  coverageReport: {
    kind: 'path',
    invalid: 'must be a directory path',
    arg: 'DIR',
    help: 'directory where coverage.json, coverage.xml and coverage.md are written on shutdown',
    readme:
      'directory where the [contract coverage](docs/coverage.md) report (`coverage.json`, `coverage.xml`, `coverage.md`) is written when the server closes',
  },
} as const satisfies Record<string, Declaration>;
