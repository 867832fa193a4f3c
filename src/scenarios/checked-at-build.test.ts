import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLED_SCENARIOS, BUNDLED_SPEC, CHECKED_SCENARIOS } from '../assets/package-files.js';
import { checkedAtBuild, checkedKey } from './checked-at-build.js';

const DEFAULTS = { dynamic: false, serveInvalidExamples: false };

function keysFile(keys: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), 'checked-'));
  writeFileSync(join(dir, 'document.yaml'), 'openapi: 3.1.0\n');
  writeFileSync(join(dir, 'keys.json'), JSON.stringify(keys));
  return dir;
}

describe('scenario files checked at build time', () => {
  it('are known by document text, file name, file text and the options that shape answers', () => {
    const dir = keysFile({ keys: [checkedKey('openapi: 3.1.0\n', 'happy', 'rules: []\n', DEFAULTS)] });
    const checked = checkedAtBuild(join(dir, 'document.yaml'), DEFAULTS, join(dir, 'keys.json'));
    expect(checked?.('happy', 'rules: []\n')).toBe(true);
    expect(checked?.('happy', 'rules: [] \n')).toBe(false);
    expect(checked?.('other', 'rules: []\n')).toBe(false);
    expect(
      checkedAtBuild(join(dir, 'document.yaml'), { ...DEFAULTS, dynamic: true }, join(dir, 'keys.json'))?.('happy', 'rules: []\n'),
    ).toBe(false);
    writeFileSync(join(dir, 'document.yaml'), 'openapi: 3.0.3\n');
    expect(checkedAtBuild(join(dir, 'document.yaml'), DEFAULTS, join(dir, 'keys.json'))?.('happy', 'rules: []\n')).toBe(false);
  });

  it('are none when the keys or the document cannot be read, so every file is checked', () => {
    const dir = keysFile('not keys');
    expect(checkedAtBuild(join(dir, 'document.yaml'), DEFAULTS, join(dir, 'keys.json'))).toBeUndefined();
    expect(checkedAtBuild(join(dir, 'document.yaml'), DEFAULTS, join(dir, 'absent.json'))).toBeUndefined();
    writeFileSync(join(dir, 'keys.json'), '{"keys": [');
    expect(checkedAtBuild(join(dir, 'document.yaml'), DEFAULTS, join(dir, 'keys.json'))).toBeUndefined();
    writeFileSync(join(dir, 'keys.json'), '{"keys": []}');
    expect(checkedAtBuild(join(dir, 'absent.yaml'), DEFAULTS, join(dir, 'keys.json'))).toBeUndefined();
  });

  // The build's keys (npm run build) name every bundled file as the server reads it.
  it.skipIf(!existsSync(CHECKED_SCENARIOS))('name every bundled scenario file against the bundled document', () => {
    const checked = checkedAtBuild(BUNDLED_SPEC, DEFAULTS);
    const files = readdirSync(BUNDLED_SCENARIOS).filter((file) => file.endsWith('.yaml'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files)
      expect(checked?.(file.replace(/\.yaml$/, ''), readFileSync(join(BUNDLED_SCENARIOS, file), 'utf8')), file).toBe(true);
  });
});
