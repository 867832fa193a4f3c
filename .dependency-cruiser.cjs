// The layer rules of src/ (ARCHITECTURE.md explains them). Dependencies point down:
//   cli -> server -> http -> admin -> mock (createMock) -> features (pipeline, scenarios, journal,
//       metrics, state, answer, load) -> sessions (the session store) -> adapter (prism) -> model
//       (openapi, document) -> leaves (errors,
//       problem, protocol, json, generate, ...)
// Type-only imports count too. Tests (*.test.ts) may import across layers.
const CLI = '^src/cli/';
const SERVER = '^src/((server|index)[.]ts$|client/|import/)';
const HTTP = '^src/http/';
const ADMIN = '^src/admin/';
const MOCK = '^src/mock/';
const FEATURES = '^src/(pipeline|answer|scenarios|journal|metrics|contract-coverage|state|callbacks|proxy|load|store)/';
const SESSIONS = '^src/sessions/';
const ADAPTER = '^src/prism/';
const MODEL = '^src/(openapi|document)/';
const LEAVES = [
  '^src/(errors|problem|protocol|mock-response|mock-extensions|provenance|config-error|options|option-table|option-kinds|document-source|time-slice)[.]ts$',
  '^src/(json|generate|assets|cache|har|tracing|options)/',
];
const TESTS = '[.]test[.]ts$';

const above = (...layers) => ({ path: layers });
const forbid = (name, comment, from, to) => ({ name, comment, severity: 'error', from: { ...from, pathNot: TESTS }, to });

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'An import cycle in src/: move what both sides need one layer down.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    forbid('server-not-up', 'server.ts and index.ts are used by the CLI, never the reverse.', { path: SERVER }, above(CLI)),
    forbid('http-not-up', 'http/ builds the app; only server.ts and the CLI sit above it.', { path: HTTP }, above(CLI, SERVER)),
    forbid('admin-not-up', "The mock's own routes are registered by http/, never the reverse.", { path: ADMIN }, above(CLI, SERVER, HTTP)),
    forbid(
      'mock-not-up',
      'createMock assembles the features; the HTTP adapter and the server use it, never the reverse.',
      { path: MOCK },
      above(CLI, SERVER, HTTP, ADMIN),
    ),
    forbid(
      'http-only-adapts',
      'http/ adapts the mock to Fastify: it reaches the features through createMock (src/mock/), never wires them itself.',
      { path: HTTP },
      { path: '^src/(scenarios|state|journal|metrics|contract-coverage|callbacks|prism|proxy)/' },
    ),
    forbid(
      'http-reaches-four-folders',
      'http/ reaches the core through src/mock/ (createMock, mock-surface.ts); besides it only admin/, tracing/ and json/, and leaf files.',
      { path: HTTP },
      { path: '^src/[^/]+/', pathNot: '^src/(http|admin|mock|tracing|json)/' },
    ),
    {
      name: 'mock-knows-no-fastify',
      comment: 'createMock assembles the mock without Fastify: nothing it imports, directly or not, loads Fastify.',
      severity: 'error',
      from: { path: MOCK, pathNot: TESTS },
      to: { path: '^fastify$|node_modules/fastify/', reachable: true },
    },
    forbid(
      'features-not-up',
      'pipeline, scenarios, journal and metrics know nothing of the app, its admin routes, the mock assembly or the server.',
      { path: FEATURES },
      above(CLI, SERVER, HTTP, ADMIN, MOCK),
    ),
    forbid(
      'answer-knows-no-responder',
      'The answer room (src/answer/) is asked by the pipeline and the responders; it never imports them, nor http/.',
      { path: '^src/answer/' },
      { path: '^src/(scenarios|journal|metrics|state|callbacks|proxy|contract-coverage|http)/' },
    ),
    forbid(
      'pipeline-knows-no-responder',
      'The pipeline is handed its responders (scenarios) and never reads the journal or metrics.',
      { path: '^src/pipeline/' },
      above('^src/(scenarios|journal|metrics|state|callbacks|proxy)/'),
    ),
    forbid(
      'features-not-sideways',
      'Scenarios, journal, metrics and the stateful simulator may use the pipeline, not each other.',
      { path: '^src/(scenarios|journal|metrics|state|callbacks|proxy)/' },
      { path: '^src/(scenarios|journal|metrics|state|callbacks|proxy)/', pathNot: '^src/$1/' },
    ),
    forbid(
      'sessions-are-data',
      'The session store (src/sessions/) keeps per-session data for the features; it imports only leaves.',
      { path: SESSIONS },
      { path: '^src/', pathNot: [...LEAVES, SESSIONS] },
    ),
    forbid(
      'adapter-not-up',
      'The Prism adapter is used by the layers above (load/ and the features), never the reverse.',
      { path: ADAPTER },
      above(CLI, SERVER, HTTP, ADMIN, MOCK, FEATURES),
    ),
    forbid(
      'model-not-up',
      'The document model (openapi/, document/) never imports the adapter or the layers above it.',
      { path: MODEL },
      above(CLI, SERVER, HTTP, ADMIN, MOCK, FEATURES, ADAPTER),
    ),
    forbid(
      'prism-reads-only-the-model',
      'The Prism adapter reads the model types (openapi/operation.ts), never the document loader.',
      { path: '^src/prism/' },
      { path: '^src/openapi/', pathNot: '^src/openapi/operation[.]ts$' },
    ),
    forbid(
      'mcp-uses-the-public-surface',
      'The MCP servers reach the mock through its API and admin API (a MockWire), never its modules: only leaves.',
      { path: '^src/mcp/' },
      { path: '^src/', pathNot: [...LEAVES, '^src/mcp/'] },
    ),
    forbid('leaves-are-leaves', 'Leaves import only other leaves.', { path: LEAVES }, { path: '^src/', pathNot: LEAVES }),
    forbid(
      'core-knows-no-fastify',
      'The pipeline, the answer room, scenarios, the model, the adapter and the leaves know no Fastify.',
      { path: ['^src/(pipeline|answer|scenarios|state|callbacks|proxy|load|store|openapi|document|prism)/', ...LEAVES] },
      { path: '^fastify$|node_modules/fastify/' },
    ),
    forbid(
      'only-prism-loads-prism',
      'Stoplight Prism is reached through src/prism/ only.',
      { path: '^src/', pathNot: '^src/prism/' },
      { path: '@stoplight/' },
    ),
    forbid('src-not-to-tests', 'Shipped code never imports test code.', { path: '^src/' }, { path: ['^test/', TESTS] }),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
