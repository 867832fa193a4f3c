import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

// docs/testing-with-sessions.md shows test/sessions/docs-vitest-example.test.ts, importing the package.
it('the vitest example of docs/testing-with-sessions.md is the one that runs', () => {
  const doc = readFileSync(new URL('../../docs/testing-with-sessions.md', import.meta.url), 'utf8');
  const shown = /<!-- vitest-example -->\s*```ts\n([\s\S]*?)```/.exec(doc)?.[1];
  const runs = readFileSync(new URL('./docs-vitest-example.test.ts', import.meta.url), 'utf8').replace(
    "'../../src/index.js'",
    "'plantstore-mock'",
  );
  expect(shown).toBe(runs);
});
