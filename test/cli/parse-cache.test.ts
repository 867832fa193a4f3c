/** The CLI's parse cache (src/cache/document-cache.ts) in the user's cache directory, through the built CLI. */
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startCli } from '../support/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'parse-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
// Inherited by the CLIs this file starts (each test file runs in a process of its own).
process.env.XDG_CACHE_HOME = join(dir, 'xdg');
const cacheDir = join(dir, 'xdg', 'plantstore-mock');

const paths = Array.from({ length: 3000 }, (_, i) =>
  [`  /things${i}:`, '    get:', '      responses:', "        '200':", `          description: thing ${i} ${'of many '.repeat(4)}`].join(
    '\n',
  ),
);
const file = join(dir, 'large.yaml');
writeFileSync(file, `openapi: 3.0.3\ninfo: {title: Large, version: '1'}\npaths:\n${paths.join('\n')}\n`);

async function titleServed(args: readonly string[]): Promise<string> {
  const cli = await startCli(['--spec', file, ...args]);
  try {
    return ((await (await fetch(`${cli.url}/__mock/health`)).json()) as { spec: string }).spec;
  } finally {
    cli.child.kill('SIGTERM');
    await cli.exited();
  }
}

const entries = () => {
  try {
    return readdirSync(cacheDir).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
};

describe('the parse cache of the CLI', { timeout: 90_000 }, () => {
  it('is not used with --no-parse-cache', async () => {
    expect(await titleServed(['--no-parse-cache'])).toBe('Large');
    expect(entries()).toEqual([]);
  });

  it('keeps a large document parsed, and the next run reads it from there', async () => {
    const cli = await startCli(['--spec', file]);
    try {
      for (let waited = 0; entries().length === 0 && waited < 20_000; waited += 100) await new Promise((r) => setTimeout(r, 100));
    } finally {
      cli.child.kill('SIGTERM');
      await cli.exited();
    }
    const [entry] = entries();
    // Named by the text, the version, this build (the bundle's digest, from its loader) and Node's major.
    const { bundleId } = createRequire(import.meta.url)('../../dist/cli/load-bundle.cjs') as { bundleId: string };
    const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    const key = `${version}\0${bundleId}\0${process.versions.node.split('.')[0]}\0${readFileSync(file, 'utf8')}`;
    expect(entry).toBe(`${createHash('sha256').update(key).digest('hex')}.json`);
    // Changed behind the mock's back: what is served is what the cache holds, so it was read.
    const kept = join(cacheDir, entry as string);
    writeFileSync(kept, readFileSync(kept, 'utf8').replace('"title":"Large"', '"title":"Kept"'));
    expect(await titleServed([])).toBe('Kept');
    expect(await titleServed(['--no-parse-cache'])).toBe('Large');
  });

  // The entry is written 2 s after the parse, off the start-up's path; a mock stopped before that (a test
  // suite's, a restart) writes it as it stops, so the next start reads it.
  it('writes the entry as it stops, however soon', async () => {
    const other = join(dir, 'other.yaml');
    writeFileSync(other, readFileSync(file, 'utf8').replace('title: Large', 'title: Other'));
    const before = entries().length;
    const cli = await startCli(['--spec', other]);
    cli.child.kill('SIGTERM');
    await cli.exited();
    expect(entries()).toHaveLength(before + 1);
  });
});
