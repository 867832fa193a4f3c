import { stripVTControlCharacters } from 'node:util';

/** Reading the reports of jest (--json) and pytest (--junitxml) into one list of outcomes, and grouping failures by cause. */

export interface Outcome {
  readonly name: string;
  readonly status: 'passed' | 'failed' | 'skipped';
  /** The failure's message, for a failed test. */
  readonly message?: string;
}

export interface SuiteResult {
  readonly sdk: string;
  readonly engine: 'mock' | 'steady' | 'prism';
  readonly startupMs: number;
  readonly suiteMs: number;
  readonly exitCode: number | null;
  readonly outcomes: readonly Outcome[];
}

interface JestReport {
  testResults?: {
    name?: string;
    status?: string;
    message?: string;
    assertionResults?: { fullName?: string; status?: string; failureMessages?: string[] }[];
  }[];
}

export function readJestReport(json: string): Outcome[] {
  const report = JSON.parse(json) as JestReport;
  const outcomes: Outcome[] = [];
  for (const file of report.testResults ?? []) {
    const assertions = file.assertionResults ?? [];
    // A file that failed to load has no assertions, only its message: it counts as one failure.
    if (assertions.length === 0 && file.status === 'failed') {
      outcomes.push({ name: file.name ?? 'a test file', status: 'failed', message: file.message ?? '' });
    }
    for (const test of assertions) {
      const status = test.status === 'passed' ? 'passed' : test.status === 'failed' ? 'failed' : 'skipped';
      outcomes.push({
        name: test.fullName ?? '',
        status,
        ...(status === 'failed' ? { message: (test.failureMessages ?? []).join('\n') } : {}),
      });
    }
  }
  return outcomes;
}

const ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'", '&amp;': '&' };

function unescapeXml(text: string): string {
  return text.replace(/&(lt|gt|quot|apos|amp|#\d+|#x[\da-f]+);/gi, (entity) => {
    if (entity in ENTITIES) return ENTITIES[entity] ?? entity;
    const hex = entity.startsWith('&#x') || entity.startsWith('&#X');
    return String.fromCodePoint(Number.parseInt(entity.slice(hex ? 3 : 2, -1), hex ? 16 : 10));
  });
}

/** pytest's JUnit XML: one testcase each, failed where it holds a <failure> or an <error>, skipped where a <skipped>. */
export function readJunitReport(xml: string): Outcome[] {
  const outcomes: Outcome[] = [];
  for (const match of xml.matchAll(/<testcase\b([^>]*?)(\/>|>([\s\S]*?)<\/testcase>)/g)) {
    const attributes = match[1] ?? '';
    const body = match[3] ?? '';
    const attribute = (name: string) => unescapeXml(new RegExp(`\\b${name}="([^"]*)"`).exec(attributes)?.[1] ?? '');
    const name = `${attribute('classname')}::${attribute('name')}`;
    const failure = /<(failure|error)\b([^>]*)>?/.exec(body);
    if (failure) {
      const message = unescapeXml(/\bmessage="([^"]*)"/.exec(failure[2] ?? '')?.[1] ?? '');
      outcomes.push({ name, status: 'failed', message });
    } else outcomes.push({ name, status: /<skipped\b/.test(body) ? 'skipped' : 'passed' });
  }
  return outcomes;
}

/** A failure's cause: its first line, without colours. */
export function causeOf(message: string): string {
  const plain = stripVTControlCharacters(message);
  const line = plain.split('\n').find((l) => l.trim() !== '') ?? '(no message)';
  return line.trim().replace(/\s+/g, ' ').slice(0, 200);
}

/** The failures of one run, grouped by cause, most tests first, with up to three tests named per cause. */
export function summariseFailures(title: string, outcomes: readonly Outcome[]): string[] {
  const failed = outcomes.filter((o) => o.status === 'failed');
  if (failed.length === 0) return [];
  const groups = new Map<string, string[]>();
  for (const outcome of failed) {
    const cause = causeOf(outcome.message ?? '');
    groups.set(cause, [...(groups.get(cause) ?? []), outcome.name]);
  }
  const lines = [`## Failures: ${title} (${failed.length})`, ''];
  for (const [cause, names] of [...groups].sort((a, b) => b[1].length - a[1].length)) {
    lines.push(`- ${names.length} × \`${cause.replaceAll('`', "'")}\``);
    for (const name of names.slice(0, 3)) lines.push(`  - ${name}`);
    if (names.length > 3) lines.push(`  - and ${names.length - 3} more`);
  }
  lines.push('');
  return lines;
}
