import { createRequire } from 'node:module';
import { expect, it } from 'vitest';

// The default draft's instances are tuned as the adapter loads, inside Prism's tryCatch as well: a move
// met there fails the load (ajv-tuning-moved.test.ts has the instances made on first use).
it("fails the adapter's load when tuning the default draft's instances meets a move", async () => {
  const fromPrism = createRequire(createRequire(import.meta.url).resolve('@stoplight/prism-http'));
  const core = (fromPrism('ajv/dist/core') as { default: { prototype: object } }).default.prototype;
  // Each instance Prism makes as it loads gets options without `code.regExp` (Ajv's constructor assigns `this.opts`).
  Object.defineProperty(core, 'opts', {
    configurable: true,
    set(this: object, opts: { code: object }) {
      const moved = { ...opts, code: { ...opts.code, regExp: undefined } };
      Object.defineProperty(this, 'opts', { value: moved, writable: true, enumerable: true, configurable: true });
    },
  });
  await expect(import('./prism-internals.js')).rejects.toThrow(
    "@stoplight/prism-http internal Ajv's opts.code.regExp (used for running patterns in linear time) moved or changed",
  );
});
