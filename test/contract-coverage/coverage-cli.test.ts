import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../src/index.js';
import { runCli, startCli } from '../support/cli.js';

const ADMIN = 'gate-admin-token';
const API = { authorization: 'Bearer t', 'content-type': 'application/json' };

describe('plantstore-mock coverage (the CI gate)', () => {
  let mock: MockServer;
  let url: string;
  const gate = (...args: string[]) => runCli(['coverage', '--url', url, '--admin-token', ADMIN, ...args], 30_000);

  beforeAll(async () => {
    mock = await createMockServer({ adminToken: ADMIN });
    url = await mock.listen();
    await mock.inject({ method: 'POST', url: '/plants', headers: API, payload: '{"id": 1, "name": "Ficus"}' });
    await mock.inject({ method: 'POST', url: '/plants', headers: { ...API, 'x-mock-session': 's1' }, payload: '{"id": "x"}' });
  });
  afterAll(() => mock?.close());

  it('passes when the report clears the bar', async () => {
    const result = await gate('--min', '100');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('contract coverage: 100%');
    expect(result.stderr.trim()).toBe('plantstore-mock coverage: pass: coverage 100%: 2 of 2 documented responses served, 1 violation(s)');
  });

  it('fails with one line saying why: under --min, or violations with --no-violations', async () => {
    const session = await gate('--session', 's1', '--min', '60');
    expect(session.code).toBe(1);
    expect(session.stderr.trim()).toBe(
      'plantstore-mock coverage: FAIL: coverage 50% is below --min 60% (session s1): 1 of 2 documented responses served; never served: POST /plants 200 application/json',
    );
    const violations = await gate('--no-violations', '--format', 'junit');
    expect(violations.code).toBe(1);
    expect(violations.stdout).toContain('<testsuites name="contract coverage"');
    expect(violations.stderr.trim()).toBe('plantstore-mock coverage: FAIL: 1 request(s) broke the contract: POST /plants (1)');
  });

  it('exits 2 on bad usage, a wrong admin token or an unreachable mock', async () => {
    const cases: [string[], RegExp][] = [
      [['coverage', '--url', url, '--min', '120'], /--min must be a percentage from 0 to 100/],
      [['coverage', '--url', url, '--format', 'pdf'], /Invalid values/],
      [['coverage', '--min', '50'], /Missing required argument: url/],
      [['coverage', '--url', url], /requires its admin token/],
      [['coverage', '--url', 'http://127.0.0.1:1', '--timeout', '5000'], /cannot reach the mock at http:\/\/127\.0\.0\.1:1/],
    ];
    for (const [args, message] of cases) {
      const result = await runCli(args, 30_000);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(result.stderr).toMatch(message);
    }
  });
});

describe('--coverage-report DIR', () => {
  it('writes coverage.json, .xml and .md when the CLI stops on SIGTERM', async () => {
    const dir = join(await mkdtemp(join(tmpdir(), 'coverage-cli-')), 'report');
    const cli = await startCli(['--log-level', 'silent', '--coverage-report', dir]);
    await fetch(`${cli.url}/plants`, { method: 'POST', headers: API, body: '{"id": 1, "name": "Ficus"}' });
    cli.child.kill('SIGTERM');
    expect((await cli.exited()).code).toBe(0);
    const report = JSON.parse(await readFile(join(dir, 'coverage.json'), 'utf8'));
    expect(report.summary).toMatchObject({ requests: 1, documentedResponsesServed: 1, documentedResponses: 2 });
    expect(await readFile(join(dir, 'coverage.xml'), 'utf8')).toContain('<testsuites');
    expect(await readFile(join(dir, 'coverage.md'), 'utf8')).toContain('| `POST /plants` createPlant | 1 |');
  });
});
