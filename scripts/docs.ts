/** Regenerates the README's tables (errors, command-line options); test/docs/readme.test.ts checks they are current. */
import { readFileSync, writeFileSync } from 'node:fs';
import { withErrorTable } from './error-table.js';
import { withOptionsTable } from './options-table.js';
import { README } from './readme-section.js';

/** The README with every generated table as its source makes it. */
export function withTables(readme: string): string {
  return withOptionsTable(withErrorTable(readme));
}

if (process.argv.includes('--write')) writeFileSync(README, withTables(readFileSync(README, 'utf8')));
