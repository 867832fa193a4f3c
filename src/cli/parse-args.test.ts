import { afterEach, describe, expect, it } from 'vitest';
import { parseArgs } from './parse-args.js';

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
