import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../src/index.js';
import { bodyArbitrary, contentTypeArbitrary, requestArbitrary } from '../support/http-arbitraries.js';
import { violation } from '../support/well-formed.js';

// A few thousand cases in all, bounded in time even on a busy machine.
const RUNS = Number(process.env.PROPERTY_RUNS ?? 1500);
const PROPERTY_TIMEOUT = 60_000;
// A fixed seed keeps the test command reproducible (PROPERTY_SEED=random draws a new one); `npm run fuzz`
// explores with fresh seeds and many more cases.
const SEED = process.env.PROPERTY_SEED === 'random' ? Date.now() : Number(process.env.PROPERTY_SEED ?? 20261121);
fc.configureGlobal({ seed: SEED });

let mock: MockServer;
beforeAll(async () => {
  mock = await createMockServer({ seed: 1 });
});
afterAll(() => mock.close());

async function send(request: { method: string; url: string; headers: Record<string, string>; body: Buffer | undefined }) {
  const response = await mock.inject({
    method: request.method as 'POST',
    url: request.url,
    headers: request.headers,
    ...(request.body !== undefined ? { payload: request.body } : {}),
  });
  return { status: response.statusCode, headers: response.headers, body: response.body };
}

async function expectHealthy() {
  const response = await mock.inject({ method: 'GET', url: '/__mock/health' });
  expect(response.statusCode).toBe(200);
}

describe('the HTTP surface under random and adversarial requests', () => {
  it(
    'answers every request with a documented status and a well-formed body, never a 5xx',
    async () => {
      await fc.assert(
        fc.asyncProperty(requestArbitrary, async (request) => {
          const response = await send(request);
          const problem = violation(request.method, request.url, response);
          if (problem) throw new Error(`${request.method} ${request.url}: ${problem}`);
        }),
        { numRuns: RUNS, interruptAfterTimeLimit: PROPERTY_TIMEOUT - 10_000 },
      );
      await expectHealthy();
    },
    PROPERTY_TIMEOUT,
  );

  it(
    'answers any POST /plants body, with any content type, 200 Plant or an Error',
    async () => {
      await fc.assert(
        fc.asyncProperty(bodyArbitrary, contentTypeArbitrary, async (body, contentType) => {
          const headers: Record<string, string> = { authorization: 'Bearer t' };
          if (contentType !== undefined) headers['content-type'] = contentType;
          const response = await send({ method: 'POST', url: '/plants', headers, body });
          const problem = violation('POST', '/plants', response);
          if (problem) throw new Error(`body ${body?.toString('latin1').slice(0, 100)}: ${problem}`);
        }),
        { numRuns: RUNS, interruptAfterTimeLimit: PROPERTY_TIMEOUT - 10_000 },
      );
      await expectHealthy();
    },
    PROPERTY_TIMEOUT,
  );

  it('leaves Object.prototype and Array.prototype untouched', async () => {
    const before = [Object.getOwnPropertyNames(Object.prototype), Object.getOwnPropertyNames(Array.prototype)];
    await fc.assert(
      fc.asyncProperty(requestArbitrary, async (request) => {
        await send(request);
      }),
      { numRuns: 300 },
    );
    expect([Object.getOwnPropertyNames(Object.prototype), Object.getOwnPropertyNames(Array.prototype)]).toEqual(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
