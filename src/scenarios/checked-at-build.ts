import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { CHECKED_SCENARIOS } from '../assets/package-files.js';

/** The options besides the texts that a step's contract check depends on (they shape the answers checked). */
export interface CheckedWith {
  readonly dynamic: boolean;
  readonly serveInvalidExamples: boolean;
}

/** Whether a scenario file, by name and text, was checked against this document at build time. */
export type CheckedAtBuild = (name: string, text: string) => boolean;

/**
 * The key of one scenario file checked against one document: its verdict depends on nothing else but
 * the code that checks, which the build ships with the keys.
 */
export function checkedKey(documentText: string, name: string, text: string, { dynamic, serveInvalidExamples }: CheckedWith): string {
  return createHash('sha256')
    .update(JSON.stringify([documentText, name, text, dynamic, serveInvalidExamples]))
    .digest('hex');
}

/**
 * The scenario files whose contract check `npm run build` already passed (scripts/bundle-cli.mjs writes
 * their keys once a server of the bundled document and scenarios has started): checking every answer of
 * the bundled scenarios is a tenth of a start's CPU. Undefined, so everything is checked, when the keys or
 * the document cannot be read. The caller asks only for a lone document read once (no overlay, no reload).
 */
export function checkedAtBuild(documentFile: string, options: CheckedWith, keysFile = CHECKED_SCENARIOS): CheckedAtBuild | undefined {
  let keys: Set<string>;
  let documentText: string;
  try {
    const written = JSON.parse(readFileSync(keysFile, 'utf8')) as { keys?: unknown };
    if (!Array.isArray(written.keys)) return undefined;
    keys = new Set(written.keys.filter((key): key is string => typeof key === 'string'));
    documentText = readFileSync(documentFile, 'utf8');
  } catch {
    return undefined;
  }
  return (name, text) => keys.has(checkedKey(documentText, name, text, options));
}
