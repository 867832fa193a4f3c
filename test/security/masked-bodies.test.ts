import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { closeServersAfterEach, mockServer } from '../support/servers.js';

closeServersAfterEach();

const SPEC = fileURLToPath(new URL('./fixtures/accounts.yaml', import.meta.url));
const PASSWORD = 'correct-horse-battery-staple';
const TOKEN = 'tok-0123456789ABCDEFWXYZ';
const account = JSON.stringify({ user: 'ada', password: PASSWORD, apiToken: TOKEN });
const json = { 'content-type': 'application/json' };

describe('secret fields of bodies in the journal', () => {
  it('are masked in the request and the answer stored, while the answer itself is unchanged', async () => {
    const server = await mockServer({ spec: SPEC, stateful: true });
    const created = await server.inject({ method: 'POST', url: '/accounts', headers: json, payload: account });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ user: 'ada', password: PASSWORD, apiToken: TOKEN });
    const journal = await server.inject('/__mock/journal');
    expect(journal.body).not.toContain(PASSWORD);
    expect(journal.body).not.toContain(TOKEN);
    const [entry] = journal.json().entries;
    expect(typeof entry.body === 'string' ? JSON.parse(entry.body) : entry.body).toEqual({
      user: 'ada',
      password: '***',
      apiToken: '***WXYZ',
    });
    expect(entry.response.body).toMatchObject({ user: 'ada', password: '***', apiToken: '***WXYZ' });
  });

  it('are masked in form bodies and in query parameters named like secrets', async () => {
    const server = await mockServer({ spec: SPEC });
    await server.inject({
      method: 'POST',
      url: `/accounts?access_token=${TOKEN}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `user=ada&password=${PASSWORD}`,
    });
    const journal = await server.inject('/__mock/journal');
    expect(journal.body).not.toContain(PASSWORD);
    expect(journal.body).not.toContain(TOKEN);
    const [entry] = journal.json().entries;
    expect(entry.body).toBe('user=ada&password=***');
    expect(entry.query).toEqual({ access_token: '***WXYZ' });
  });

  it('are kept as sent with journalUnmasked', async () => {
    const server = await mockServer({ spec: SPEC, journalUnmasked: true });
    await server.inject({ method: 'POST', url: '/accounts', headers: json, payload: account });
    expect((await server.inject('/__mock/journal')).body).toContain(PASSWORD);
  });
});
