/**
 * The ceiling: a bare Fastify server doing the least a faithful mock must do for POST /plants, with
 * Fastify's own Ajv: NewPlant body schema, bearer check, echo. No logging, no pipeline. The same app
 * the per-test bench builds in-process (bare-app.ts), here listening.
 * Usage: tsx scripts/bench/ceiling-server.ts PORT
 */
import { createBareApp } from './bare-app.js';

const app = await createBareApp();
await app.listen({ port: Number(process.argv[2] ?? 0), host: '127.0.0.1' });
process.stdout.write(`ceiling listening on ${app.listeningOrigin}\n`);
