/** globalSetup of vitest.fleet.config.ts: one Redis for every fleet of the run. */
import { startStoreServer } from './infrastructure.js';

export default async function setup(): Promise<() => Promise<void>> {
  const store = await startStoreServer();
  process.env.PLANTSTORE_FLEET_STORE = store.url;
  return () => store.stop();
}
