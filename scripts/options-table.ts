/** Renders the README's command-line table from src/option-table.ts (written by scripts/docs.ts). */
import { cliDefault, FLAGS } from '../src/cli/flags.js';
import type { CliDeclaration } from '../src/option-kinds.js';
import { envOf, type OptionName } from '../src/option-table.js';
import { cell, section, withSection } from './readme-section.js';

const MINUTE = 60_000;

export function renderOptionsTable(): string {
  const rows: string[][] = [];
  for (const { name, flag, declaration } of FLAGS) {
    const above = rows[rows.length - 1];
    if (declaration.readmeJoin && above) {
      above[0] = `${above[0]}, ${cell(flagCell(flag, declaration))}`;
      above[1] = `${above[1]}, ${cell(envCell(name, declaration))}`;
    } else
      rows.push([flagCell(flag, declaration), envCell(name, declaration), defaultCell(declaration), meaningCell(declaration)].map(cell));
  }
  return section('options-table', [
    '| flag | env variable | default | meaning |',
    '|---|---|---|---|',
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ]);
}

/** The README with its command-line table replaced by the rendered one. */
export function withOptionsTable(readme: string): string {
  return withSection(readme, 'options-table', renderOptionsTable());
}

function flagCell(flag: string, declaration: CliDeclaration): string {
  if (declaration.kind === 'boolean') return cliDefault(declaration) === false ? `\`--${flag}\`` : `\`--[no-]${flag}\``;
  const arg = declaration.arg ?? (declaration.kind === 'size' ? 'SIZE' : 'N');
  return `\`--${flag} ${arg}\``;
}

function envCell(name: OptionName, declaration: CliDeclaration): string {
  return `\`${envOf(name)}\`${declaration.kind === 'tokens' ? ' (comma-separated)' : ''}`;
}

function defaultCell(declaration: CliDeclaration): string {
  if (declaration.readmeDefault !== undefined) return declaration.readmeDefault;
  const value = cliDefault(declaration);
  if (value === undefined) return 'none';
  if (typeof value === 'boolean') return value ? 'on' : 'off';
  // Long durations are easier to read in minutes too.
  const minutes = declaration.arg === 'MS' && typeof value === 'number' && value % MINUTE === 0 ? ` (${value / MINUTE} min)` : '';
  return `\`${value}\`${minutes}`;
}

function meaningCell(declaration: CliDeclaration): string {
  const choices = declaration.kind === 'choice' ? `${declaration.choices.map((c) => `\`${c}\``).join(' ')}; ` : '';
  return choices + (declaration.readme ?? declaration.help);
}
