import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readFlags, USAGE } from '../../scripts/conformance/flags.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

describe('the flags of npm run conformance', () => {
  it('prints the usage and exits 0 on --help, before sampling any document', () => {
    const child = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/conformance/conformance.ts', '--help'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(child.stderr).toBe('');
    expect(child.stdout).toBe(USAGE);
    expect(child.status).toBe(0);
  });

  it('names an unknown flag beside the usage, with exit code 2', () => {
    const read = readFlags(['--documents', '3', '--sed', '4']);
    expect(read).toMatchObject({ exitCode: 2 });
    expect('print' in read && read.print).toMatch(/Unknown option '--sed'[\s\S]*Usage: npm run conformance/);
  });

  it('reads the flags given, with the defaults for the rest', () => {
    expect(readFlags(['--seed', '18', '--engines', 'mock'])).toEqual({
      flags: { documents: '60', operations: '25', seed: '18', timeout: '60', engines: 'mock' },
    });
  });
});
