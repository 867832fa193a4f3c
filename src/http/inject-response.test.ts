import { describe, expect, it } from 'vitest';
import { createMockServer } from '../server.js';

describe('in-process answers (inject) as a socket delivers them', () => {
  it('carries no body for HEAD, and keeps the headers the GET would have', async () => {
    const mock = await createMockServer({ logLevel: 'silent' });
    try {
      const head = await mock.inject({ method: 'HEAD', url: '/plants', headers: { authorization: 'Bearer t' } });
      expect(head.statusCode).toBe(405);
      expect(head.body).toBe('');
      expect(head.rawPayload).toHaveLength(0);
      expect(head.headers.allow).toBe('POST');
      const post = await mock.inject({ method: 'POST', url: '/plants', headers: { authorization: 'Bearer t' } });
      expect(post.body).not.toBe('');
    } finally {
      await mock.close();
    }
  });
});
