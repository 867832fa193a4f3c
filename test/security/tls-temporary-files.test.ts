import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMockServer } from '../../src/index.js';

describe('the generated TLS certificate', () => {
  it('leaves no temporary folder behind once the server closed', async () => {
    const mock = await createMockServer({ tls: true, port: 0, logLevel: 'silent' });
    await mock.listen();
    const caFile = mock.tls?.caFile as string;
    expect(existsSync(caFile)).toBe(true);
    await mock.close();
    expect(existsSync(dirname(caFile))).toBe(false);
  });
});
