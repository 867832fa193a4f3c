import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleBuild, userDocumentCache } from './parse-cache-dir.js';

describe("the CLI's parse cache", () => {
  it('keeps no cache for a build without a digest (run from its sources), one per build digest else', () => {
    const dir = mkdtempSync(join(tmpdir(), 'parse-cache-dir-'));
    try {
      const env = { XDG_CACHE_HOME: dir };
      expect(bundleBuild()).toBeUndefined();
      expect(userDocumentCache(env, true)).toBeUndefined();
      expect(userDocumentCache(env, true, '0123456789abcdef')).toBeDefined();
      expect(userDocumentCache(env, false, '0123456789abcdef')).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
