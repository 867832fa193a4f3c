import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { README, withErrorTable } from '../../scripts/error-table.js';

const readme = readFileSync(README, 'utf8');

describe('the README', () => {
  it('has the error table the catalogue generates (run `npm run docs` after changing src/errors.ts)', () => {
    expect(readme).toBe(withErrorTable(readme));
  });

  it('quick start is two commands, and .ci/run calls the same test command', () => {
    const quickStart = /## Quick start\s+```bash\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    const commands = quickStart
      .trim()
      .split('\n')
      .map((line) => line.replace(/#.*$/, '').trim());
    expect(commands).toEqual(['npm install && npm start', 'npm test']);
    const ci = readFileSync(new URL('../../.ci/run', import.meta.url), 'utf8');
    expect(ci.split('\n').map((l) => l.trim())).toContain('npm test');
  });
});
