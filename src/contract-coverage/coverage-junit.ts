import type { CoverageReport, OperationCoverage } from './coverage-report.js';

interface TestCase {
  readonly name: string;
  /** Why it failed, or undefined when it passed. */
  readonly failure: string | undefined;
}

/**
 * The report as JUnit XML (testsuites > testsuite > testcase > failure), which CI systems display:
 * one suite per operation, one case per documented (status x media type) that fails when never served,
 * and one case per operation that fails when it received requests the contract rejects.
 */
export function coverageJunit(report: CoverageReport): string {
  const suites = report.operations.map((operation) =>
    suite(title(operation), operation.operationId ?? title(operation), casesOf(operation)),
  );
  suites.push(
    suite('requests outside the document', 'unmatched', [
      {
        name: 'every request matched an operation of the document',
        failure:
          report.unmatched.violations > 0
            ? `${report.unmatched.violations} request(s) matched no operation: ${codes(report.unmatched.rejected)}`
            : undefined,
      },
    ]),
  );
  const tests = suites.reduce((sum, s) => sum + s.tests, 0);
  const failures = suites.reduce((sum, s) => sum + s.failures, 0);
  const name = `contract coverage${report.session === null ? '' : ` of session ${report.session}`}`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${xml(name)}" tests="${tests}" failures="${failures}" errors="0">`,
    ...suites.map((s) => s.xml),
    '</testsuites>',
    '',
  ].join('\n');
}

function casesOf(operation: OperationCoverage): TestCase[] {
  const cases: TestCase[] = [];
  for (const response of operation.responses) {
    for (const media of response.mediaTypes ?? []) {
      const answer = `${response.status}${media.mediaType === null ? '' : ` ${media.mediaType}`}`;
      cases.push({
        name: `answers ${answer}`,
        failure: media.served > 0 ? undefined : `no request was answered ${answer} by ${title(operation)}`,
      });
    }
  }
  const neverSent = operation.neverSent.length > 0 ? `; never sent: ${operation.neverSent.join(', ')}` : '';
  cases.push({
    name: 'sends nothing the contract forbids',
    failure:
      operation.violations > 0
        ? `${operation.violations} request(s) broke the contract: ${codes(operation.rejected)}${neverSent}`
        : undefined,
  });
  return cases;
}

function suite(name: string, classname: string, cases: readonly TestCase[]) {
  const failures = cases.filter((c) => c.failure !== undefined).length;
  const lines = cases.map((c) => {
    const open = `    <testcase classname="${xml(classname)}" name="${xml(c.name)}"`;
    if (c.failure === undefined) return `${open}/>`;
    return `${open}>\n      <failure message="${xml(c.failure)}" type="coverage">${xml(c.failure)}</failure>\n    </testcase>`;
  });
  return {
    tests: cases.length,
    failures,
    xml: [`  <testsuite name="${xml(name)}" tests="${cases.length}" failures="${failures}" errors="0">`, ...lines, '  </testsuite>'].join(
      '\n',
    ),
  };
}

function title(operation: OperationCoverage): string {
  return `${operation.method} ${operation.path}`;
}

function codes(rejected: Readonly<Record<string, number>>): string {
  return Object.entries(rejected)
    .map(([code, count]) => `${code} x${count}`)
    .join(', ');
}

/** Text safe in an XML attribute or element: markup escaped, characters XML 1.0 forbids replaced. */
export function xml(text: string): string {
  return text
    .replace(/[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;')
    .replace(/\t/g, '&#9;');
}
