import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { mismatches, projectVersion, VERSION_PLACES, versionsFound, writeVersion } from '../../scripts/sync-version.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

describe('one version for every artefact', () => {
  it('is the same in package.json, the Java, Python and Go modules and the changelog', () => {
    expect(mismatches()).toEqual([]);
  });

  it('finds the version in every module, so a moved line cannot pass unnoticed', () => {
    const found = versionsFound();
    expect(found.map(({ file }) => file)).toEqual(VERSION_PLACES.map(({ file }) => file));
    for (const { file, found: version } of found) expect(version, file).toBe(projectVersion());
  });

  it('moves every module to the version package.json is given, and names what still disagrees', () => {
    const copy = mkdtempSync(join(tmpdir(), 'versions-'));
    for (const file of ['package.json', 'CHANGELOG.md', ...VERSION_PLACES.map(({ file }) => file)]) {
      mkdirSync(dirname(join(copy, file)), { recursive: true });
      cpSync(join(ROOT, file), join(copy, file));
    }
    const manifest = JSON.parse(readFileSync(join(copy, 'package.json'), 'utf8')) as { version: string };
    writeFileSync(join(copy, 'package.json'), JSON.stringify({ ...manifest, version: '9.8.7' }));
    expect(mismatches(copy)).toHaveLength(VERSION_PLACES.length + 1);
    writeVersion(copy);
    expect(versionsFound(copy).map(({ found }) => found)).toEqual(VERSION_PLACES.map(() => '9.8.7'));
    expect(mismatches(copy)).toEqual(['CHANGELOG.md: no "## [9.8.7]" section (package.json: 9.8.7)']);
  });
});
