import { afterEach, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../src/index.js';

const ADMIN = 'admin-token-42';
let mock: MockServer;
afterEach(() => mock?.close());

describe('admin token', () => {
  it('requires Authorization: Bearer <admin token> everywhere under /__mock/ but health', async () => {
    mock = await createMockServer({ adminToken: ADMIN });
    expect((await mock.inject('/__mock/health')).statusCode).toBe(200);
    // Steady's health path, which generated SDKs' scripts poll, answers the same and is open too.
    const alias = await mock.inject('/_x-steady/health');
    expect([alias.statusCode, alias.json()]).toEqual([200, (await mock.inject('/__mock/health')).json()]);
    expect((await mock.inject('/_x-steady/health?spec=nope')).statusCode).toBe(400);
    for (const url of [
      '/__mock/journal',
      '/__mock/journal/count',
      '/__mock/metrics',
      '/__mock/openapi.json',
      '/__mock/',
      '/__mock/events',
      // Spellings the router decodes to an admin route must not slip past the check.
      '/%5f_mock/journal',
      '/%5F%5Fmock/metrics',
      '/__mock/%6aournal',
    ]) {
      const refused = await mock.inject({ url, headers: { accept: 'text/event-stream' } });
      expect(refused.statusCode, url).toBe(401);
      expect(refused.json()).toEqual({ error: 40103, message: expect.stringContaining('admin') });
      expect(refused.headers['x-mock-error']).toBe('ADMIN_TOKEN_REQUIRED');
    }
    const wrong = await mock.inject({ url: '/__mock/journal', headers: { authorization: 'Bearer admin-token-43' } });
    expect(wrong.statusCode).toBe(401);
    const right = await mock.inject({ url: '/__mock/journal', headers: { authorization: `Bearer ${ADMIN}` } });
    expect(right.statusCode).toBe(200);
  });

  it('accepts ?token= where a browser cannot send a header', async () => {
    mock = await createMockServer({ adminToken: ADMIN });
    const page = await mock.inject(`/__mock/?token=${ADMIN}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect((await mock.inject(`/__mock/journal/count?token=${ADMIN}`)).json()).toEqual({ count: 0 });
  });

  it('leaves the API to its own credentials', async () => {
    mock = await createMockServer({ adminToken: ADMIN });
    const response = await mock.inject({
      method: 'POST',
      url: '/plants',
      headers: { authorization: 'Bearer consumer', 'content-type': 'application/json' },
      payload: '{"id": 1, "name": "a"}',
    });
    expect(response.statusCode).toBe(200);
  });

  it('is validated as an option', async () => {
    await expect(createMockServer({ adminToken: 'has space' })).rejects.toThrow(/adminToken/);
    await expect(createMockServer({ journalSize: -1 })).rejects.toThrow(/journalSize/);
  });
});
