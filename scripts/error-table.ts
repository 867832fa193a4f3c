/** Renders the README's error table from the catalogue (written by scripts/docs.ts). */
import { ERRORS } from '../src/errors.js';
import { cell, section, withSection } from './readme-section.js';

export function renderErrorTable(): string {
  const rows = Object.entries(ERRORS).map(
    ([code, e]) => `| ${e.status} | ${e.error} | \`${code}\` | ${cell(e.message)} | ${cell(e.when)} |`,
  );
  return section('error-table', ['| status | `error` | code (`x-mock-error`) | message | when |', '|---|---|---|---|---|', ...rows]);
}

/** The README with its error table replaced by the rendered one. */
export function withErrorTable(readme: string): string {
  return withSection(readme, 'error-table', renderErrorTable());
}
