import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { closeServersAfterEach, mockServer } from '../support/servers.js';

closeServersAfterEach();

const SPEC = fileURLToPath(new URL('./fixtures/api-keys.yaml', import.meta.url));
const SECRETS = ['header-key-0123456789WXYZ', 'query-key-0123456789QRST', 'cookie-key-0123456789CDEF', 'bearer-0123456789BRER'];
const request = {
  url: `/things?api_key=${SECRETS[1]}`,
  headers: { 'x-api-key': SECRETS[0], cookie: `sid=${SECRETS[2]}; theme=dark`, authorization: `Bearer ${SECRETS[3]}` },
};

describe('credentials in the journal', () => {
  it('are stored masked: Authorization, cookies and every API key the security schemes name', async () => {
    const server = await mockServer({ spec: SPEC });
    expect((await server.inject(request)).statusCode).toBe(200);
    const journal = await server.inject('/__mock/journal');
    for (const secret of SECRETS) expect(journal.body).not.toContain(secret);
    const [entry] = journal.json().entries;
    expect(entry.headers).toMatchObject({ 'x-api-key': '***WXYZ', cookie: 'sid=***CDEF; theme=***', authorization: 'Bearer ***BRER' });
    expect(entry.query).toEqual({ api_key: '***QRST' });
  });

  it('are kept as sent with journalUnmasked', async () => {
    const server = await mockServer({ spec: SPEC, journalUnmasked: true });
    await server.inject(request);
    const journal = await server.inject('/__mock/journal');
    for (const secret of SECRETS) expect(journal.body).toContain(secret);
  });
});
