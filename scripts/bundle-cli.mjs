// Bundles the compiled CLI (dist/cli/run.js and everything it imports) into that one file, so that the
// CLI's start-up resolves and reads one module. Run by `npm run build` after tsc; dist/index.js (the
// programmatic API) stays tsc's output. Modules the code loads with createRequire stay outside the
// bundle, loaded from node_modules when used: Prism (resolved from prism-http's own dependencies) and
// faker (loaded on first use only).
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const cli = fileURLToPath(new URL('../dist/cli/run.js', import.meta.url));

await build({
  entryPoints: [cli],
  outfile: cli,
  allowOverwrite: true,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Bundled CommonJS (Fastify, yargs' helpers...) calls require() for Node's built-ins.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  logLevel: 'warning',
});
// tsc's map describes the unbundled file.
await rm(`${cli}.map`, { force: true });
