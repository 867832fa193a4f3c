import { afterEach, describe, expect, it } from 'vitest';
import { parseArgs } from './parse-args.js';

describe('parseArgs', () => {
  it("takes Steady's --validator-…-format spellings of the dialect switches", async () => {
    const parsed = await parseArgs([
      '--validator-query-array-format=brackets',
      '--validator-query-object-format=dots',
      '--validator-form-array-format=indices',
      '--form-object-format',
      'flat',
    ]);
    expect(parsed).toMatchObject({
      kind: 'run',
      options: { queryArrayFormat: 'brackets', queryObjectFormat: 'dots', formArrayFormat: 'indices', formObjectFormat: 'flat' },
    });
    expect(await parseArgs(['--validator-query-array-format=nope'])).toMatchObject({ kind: 'exit', code: 2 });
  });

  it('maps flags to options', async () => {
    const parsed = await parseArgs([
      '--port',
      '5000',
      '--token',
      'a',
      '--token',
      'b,c',
      '--body-limit',
      '2mb',
      '--no-cors',
      '--dynamic',
      '--seed',
      '4',
    ]);
    expect(parsed).toMatchObject({
      kind: 'run',
      options: {
        port: 5000,
        host: '127.0.0.1',
        tokens: ['a', 'b', 'c'],
        bodyLimit: 2 * 1024 * 1024,
        cors: false,
        dynamic: true,
        seed: 4,
        logLevel: 'info',
      },
    });
  });

  it("takes Steady's spellings: -p PORT and the document last, as a generated SDK's scripts/mock gives them", async () => {
    const parsed = await parseArgs(['--host', '127.0.0.1', '-p', '4010', 'spec.yml']);
    expect(parsed).toMatchObject({ kind: 'run', options: { port: 4010, spec: 'spec.yml' } });
    expect(await parseArgs(['--spec', 'a.yml', 'b.yml'])).toMatchObject({ kind: 'exit', code: 2 });
  });

  it.each([
    ['512kb', 512 * 1024],
    ['100', 100],
    ['1MiB', 1024 * 1024],
  ])('reads --body-limit %s', async (size, bytes) => {
    const parsed = await parseArgs(['--body-limit', size]);
    expect(parsed.kind === 'run' && parsed.options.bodyLimit).toBe(bytes);
  });

  it('turns bad flags into one line and exit code 2', async () => {
    expect(await parseArgs(['--bogus'])).toEqual({
      kind: 'exit',
      code: 2,
      output: expect.stringMatching(/^plantstore-mock: Unknown argument: bogus/),
    });
  });
});

afterEach(() => {
  delete process.env.PLANTSTORE_MOCK_ADMIN_TOKEN;
  delete process.env.PLANTSTORE_MOCK_JOURNAL_SIZE;
});

describe('journal and admin flags', () => {
  it('maps --journal-size and --admin-token to options, with defaults', async () => {
    expect(await parseArgs(['--journal-size', '5', '--admin-token', 'secret'])).toMatchObject({
      kind: 'run',
      options: { journalSize: 5, adminToken: 'secret' },
    });
    const defaults = await parseArgs([]);
    expect(defaults).toMatchObject({ kind: 'run', options: { journalSize: 1000 } });
    expect(defaults.kind === 'run' && 'adminToken' in defaults.options).toBe(false);
  });

  it('reads them from PLANTSTORE_MOCK_* environment variables', async () => {
    process.env.PLANTSTORE_MOCK_ADMIN_TOKEN = 'from-env';
    process.env.PLANTSTORE_MOCK_JOURNAL_SIZE = '0';
    expect(await parseArgs([])).toMatchObject({ kind: 'run', options: { journalSize: 0, adminToken: 'from-env' } });
  });

  it('rejects a journal size that is not a number', async () => {
    expect(await parseArgs(['--journal-size', 'many'])).toMatchObject({ kind: 'exit', code: 2 });
  });
});
