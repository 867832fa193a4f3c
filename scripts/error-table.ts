/** Renders the README's error table from the catalogue; `--write` updates README.md in place. */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ERRORS } from '../src/errors.js';

const START = '<!-- error-table:start -->';
const END = '<!-- error-table:end -->';
export const README = fileURLToPath(new URL('../README.md', import.meta.url));

export function renderErrorTable(): string {
  const rows = Object.entries(ERRORS).map(
    ([code, e]) => `| ${e.status} | ${e.error} | \`${code}\` | ${e.message.replace(/\|/g, '\\|')} | ${e.when.replace(/\|/g, '\\|')} |`,
  );
  return [START, '| status | `error` | code (`x-mock-error`) | message | when |', '|---|---|---|---|---|', ...rows, END].join('\n');
}

/** The README with its table replaced by the rendered one. */
export function withErrorTable(readme: string): string {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start === -1 || end === -1) throw new Error(`README.md lacks the ${START} ... ${END} markers`);
  return readme.slice(0, start) + renderErrorTable() + readme.slice(end + END.length);
}

if (process.argv.includes('--write')) {
  writeFileSync(README, withErrorTable(readFileSync(README, 'utf8')));
}
