import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLED_SPEC, createMockServer, type MockServer } from '../../src/index.js';
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

describe('plantstore-mock coverage with several documents', () => {
  const PETS = fileURLToPath(new URL('../fixtures/pets.yaml', import.meta.url));
  let mock: MockServer;
  let url: string;

  beforeAll(async () => {
    mock = await createMockServer({ spec: [BUNDLED_SPEC, `/pets=${PETS}`] });
    url = await mock.listen();
    await mock.inject({ method: 'POST', url: '/plants', headers: API, payload: '{"id": 1, "name": "Ficus"}' });
  });
  afterAll(() => mock?.close());

  it('gates every document by default, naming each in its verdict', async () => {
    const result = await runCli(['coverage', '--url', url, '--min', '50'], 30_000);
    expect(result.code).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^plantstore-mock coverage: pass \(openapi\): coverage 50%/);
    expect(lines[1]).toMatch(/^plantstore-mock coverage: FAIL \(pets\): coverage 0% is below --min 50%/);
    expect(result.stdout).toContain('== document openapi');
    expect(result.stdout).toContain('== document pets');
  });

  it('gates only the documents --spec names, and prints one JUnit document for several', async () => {
    const one = await runCli(['coverage', '--url', url, '--min', '50', '--spec', 'openapi', '--format', 'json'], 30_000);
    expect(one.code).toBe(0);
    expect(JSON.parse(one.stdout).summary).toMatchObject({ documentedResponsesServed: 1 });
    expect(one.stderr.trim()).toMatch(/^plantstore-mock coverage: pass \(openapi\): /);
    const junit = await runCli(['coverage', '--url', url, '--spec', 'openapi', '--spec', 'pets', '--format', 'junit'], 30_000);
    expect(junit.code).toBe(0);
    expect(junit.stdout.match(/<testsuites /g)).toHaveLength(1);
    expect(junit.stdout).toContain('<testsuite name="pets: ');
    const unknown = await runCli(['coverage', '--url', url, '--spec', 'nope'], 30_000);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/nope/);
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

  it('warns and exits 1 when the report cannot be written, so a CI step does not pass without it', async () => {
    const blocker = join(await mkdtemp(join(tmpdir(), 'coverage-cli-')), 'a-file');
    await writeFile(blocker, 'in the way');
    const cli = await startCli(['--log-level', 'silent', '--coverage-report', join(blocker, 'report')]);
    cli.child.kill('SIGTERM');
    expect((await cli.exited()).code).toBe(1);
    expect(cli.output().stderr).toContain(`plantstore-mock: warning: could not write the coverage report to ${join(blocker, 'report')}`);
  });
});
