import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Existing tests of sessions, stateful mode, verify, coverage and drift, run unchanged against three
 * replicas sharing one Redis behind HAProxy (test/support/fleet.ts): `npm run test:fleet`. Left out:
 * files that read one replica by design (recording files, `server.coverage()`, metrics) and the 300
 * parallel sockets of test/state/concurrency.test.ts (test/scale-out/fleet-documents.test.ts sends them).
 */
export default defineConfig({
  resolve: {
    // The test files' own import of the package's entry becomes the fleet harness's.
    alias: [{ find: /^\.\.\/\.\.\/src\/index\.js$/, replacement: fileURLToPath(new URL('test/support/fleet-index.ts', import.meta.url)) }],
  },
  test: {
    include: [
      'test/state/plant-store-crud.test.ts',
      'test/state/opt-in.test.ts',
      'test/contract-coverage/coverage-api.test.ts',
      'test/contract-coverage/coverage-sessions.test.ts',
      'test/proxy/drift-admin-document.test.ts',
      'test/journal/journal.test.ts',
      'test/sessions/session-handle.test.ts',
      'test/scale-out/fleet-exact.test.ts',
    ],
    globalSetup: ['test/support/fleet-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
