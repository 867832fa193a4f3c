import { describe, expect, it } from 'vitest';
import { parseArgs } from './parse-args.js';

describe('parseArgs', () => {
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
