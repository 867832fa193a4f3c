import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { coverageJunit } from './coverage-junit.js';
import { coverageMarkdown } from './coverage-markdown.js';
import type { CoverageReport } from './coverage-report.js';

export const REPORT_FILES = ['coverage.json', 'coverage.xml', 'coverage.md'] as const;

/**
 * Writes the report in its three formats into dir. Each file is written under a temporary name in
 * the same directory and renamed over the final one, so a reader (a CI step, a mounted volume) sees
 * the previous file or the whole new one, never half of one.
 */
export async function writeCoverageFiles(dir: string, report: CoverageReport): Promise<void> {
  await mkdir(dir, { recursive: true });
  const contents = [`${JSON.stringify(report, null, 2)}\n`, coverageJunit(report), coverageMarkdown(report)];
  await Promise.all(REPORT_FILES.map((name, i) => writeAtomically(join(dir, name), contents[i] ?? '')));
}

async function writeAtomically(file: string, text: string): Promise<void> {
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(temporary, text, { mode: 0o644 });
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
