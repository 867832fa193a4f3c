/** The worker of early-parse.ts: reads the file and posts its text and value, or nothing. */
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { fastYaml } from './yaml-fast.js';

let posted = false;
try {
  const text = readFileSync(workerData as string, 'utf8');
  // JSON is left to the loader's own reader (exact integers, its errors).
  const parsed = /^\s*[[{]/.test(text) ? undefined : fastYaml(text);
  if (parsed !== undefined) {
    parentPort?.postMessage({ text, value: parsed.value });
    posted = true;
  }
} catch {
  // The loader reads the file itself and says what is wrong with it.
}
if (!posted) parentPort?.postMessage(undefined);
