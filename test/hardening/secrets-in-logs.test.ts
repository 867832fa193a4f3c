import { describe, expect, it } from 'vitest';
import { createMockServer } from '../../src/index.js';
import { rawRequest } from '../support/raw-http.js';

const ACCEPTED = 'Acc3pted-S3cret-T0ken';
const REJECTED = 'Rej3cted-S3cret-T0ken';

describe('bearer tokens never reach the log', () => {
  it('at the most verbose level, for accepted, rejected and malformed requests', async () => {
    const lines: string[] = [];
    const mock = await createMockServer({
      tokens: [ACCEPTED],
      logLevel: 'trace',
      logStream: { write: (line: string) => lines.push(line) },
    });
    const port = Number(new URL(await mock.listen()).port);
    try {
      for (const token of [ACCEPTED, REJECTED, `${ACCEPTED} extra`]) {
        for (const payload of ['{"id":1,"name":"Aloe"}', '{"id":"x"}', '{']) {
          await mock.inject({
            method: 'POST',
            url: '/plants',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            payload,
          });
        }
      }
      await rawRequest(port, [`POST /plants HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${ACCEPTED}\r\nX-Bad: \x01\r\n\r\n`], {
        waitMs: 1000,
      });
      await rawRequest(port, [`GET /plants HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${REJECTED}\r\nConnection: close\r\n\r\n`]);
    } finally {
      await mock.close();
    }
    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(9);
    expect(log).not.toContain(ACCEPTED);
    expect(log).not.toContain(REJECTED);
    expect(log).not.toMatch(/authorization/i);
  });
});
