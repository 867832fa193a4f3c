import { describe, expect, it } from 'vitest';
import { readJestReport, readJunitReport, summariseFailures } from '../../scripts/bench/sdk-suites-report.js';

const JUNIT = `<?xml version="1.0" encoding="utf-8"?><testsuites><testsuite name="pytest" errors="0" failures="1" skipped="1" tests="4">
<testcase classname="tests.api_resources.test_files.TestFiles" name="test_method_create[loose]" time="0.1" />
<testcase classname="tests.api_resources.test_files.TestFiles" name="test_method_list" time="0.1"><failure message="openai.BadRequestError: Error code: 400 - {&quot;code&quot;: &quot;INVALID_REQUEST&quot;}">long text</failure></testcase>
<testcase classname="tests.api_resources.test_files.TestFiles" name="test_method_skip" time="0"><skipped type="pytest.skip" message="Mock server tests are disabled" /></testcase>
<testcase classname="tests.api_resources.test_files.TestFiles" name="test_method_error" time="0"><error message="setup failed" /></testcase>
</testsuite></testsuites>`;

const JEST = JSON.stringify({
  testResults: [
    {
      name: '/sdk/tests/api-resources/files.test.ts',
      status: 'failed',
      assertionResults: [
        { fullName: 'resource files create', status: 'passed', failureMessages: [] },
        { fullName: 'resource files list', status: 'failed', failureMessages: ['\u001b[31mError: 500 boom\u001b[39m\n    at stack'] },
        { fullName: 'resource files skip', status: 'pending', failureMessages: [] },
      ],
    },
    { name: '/sdk/tests/api-resources/broken.test.ts', status: 'failed', message: 'Cannot find module', assertionResults: [] },
  ],
});

describe('the reports of generated SDK suites', () => {
  it('reads pytest JUnit XML: passed, failed (failure or error, with its message unescaped) and skipped', () => {
    const outcomes = readJunitReport(JUNIT);
    expect(outcomes.map((o) => o.status)).toEqual(['passed', 'failed', 'skipped', 'failed']);
    expect(outcomes[0]?.name).toBe('tests.api_resources.test_files.TestFiles::test_method_create[loose]');
    expect(outcomes[1]?.message).toBe('openai.BadRequestError: Error code: 400 - {"code": "INVALID_REQUEST"}');
  });

  it('reads jest JSON, counting a test file that failed to load as one failure', () => {
    const outcomes = readJestReport(JEST);
    expect(outcomes.map((o) => o.status)).toEqual(['passed', 'failed', 'skipped', 'failed']);
    expect(outcomes[3]).toMatchObject({ name: '/sdk/tests/api-resources/broken.test.ts', message: 'Cannot find module' });
  });

  it('groups failures by the first line of their message, without colours', () => {
    const lines = summariseFailures('sdk against mock', readJestReport(JEST));
    expect(lines[0]).toBe('## Failures: sdk against mock (2)');
    expect(lines).toContain('- 1 × `Error: 500 boom`');
  });
});
