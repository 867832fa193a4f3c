import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { withErrorTable } from '../../scripts/error-table.js';
import { withOptionsTable } from '../../scripts/options-table.js';
import { README } from '../../scripts/readme-section.js';

const readme = readFileSync(README, 'utf8');

describe('the README', () => {
  it('has the error table the catalogue generates (run `npm run docs` after changing src/errors.ts)', () => {
    expect(readme).toBe(withErrorTable(readme));
  });

  it('has the command-line table the options generate (run `npm run docs` after changing src/option-table.ts)', () => {
    expect(readme).toBe(withOptionsTable(readme));
  });

  it('quick start is two commands, and .ci/run calls the same test command', () => {
    const quickStart = /## Quick start\s+(?:<!--.*-->\s+)?```bash\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    const commands = quickStart
      .trim()
      .split('\n')
      .map((line) => line.replace(/#.*$/, '').trim());
    expect(commands).toEqual(['npm install && npm start', 'npm test']);
    const ci = readFileSync(new URL('../../.ci/run', import.meta.url), 'utf8');
    expect(ci.split('\n').map((l) => l.trim())).toContain('npm test');
  });
});

describe('the docs', () => {
  const root = new URL('../../', import.meta.url);
  const pages = ['README.md', 'CONTRIBUTING.md', 'ARCHITECTURE.md', 'SECURITY.md', 'scenarios/README.md', ...docsPages()];

  function docsPages(): string[] {
    return readdirSync(new URL('docs/', root))
      .filter((name) => name.endsWith('.md'))
      .map((name) => `docs/${name}`);
  }

  it.each(pages.filter((page) => existsSync(new URL(page, root))))('%s links only to files that exist', (page) => {
    const text = readFileSync(new URL(page, root), 'utf8');
    const targets = [...text.matchAll(/\]\(([^)\s]+)\)/g)]
      .map((match) => match[1] ?? '')
      .filter((target) => !/^(https?:|mailto:|#)/.test(target))
      .map((target) => target.replace(/#.*$/, ''));
    const missing = targets.filter((target) => !existsSync(new URL(target, new URL(page, root))));
    expect(missing).toEqual([]);
  });
});
