import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../src/index.js';

const auth = { authorization: 'Bearer t', 'content-type': 'application/json' };
let mock: MockServer;
beforeAll(async () => {
  mock = await createMockServer({ seed: 3 });
});
afterAll(() => mock.close());

function prototypesSnapshot() {
  return [Object.prototype, Array.prototype, Function.prototype].map((p) => Object.getOwnPropertyNames(p).sort());
}

describe('request data never reaches object prototypes', () => {
  const before = prototypesSnapshot();

  it.each([
    '{"id":1,"name":"Aloe","__proto__":{"polluted":true}}',
    '{"id":1,"name":"Aloe","constructor":{"prototype":{"polluted":true}}}',
    '{"id":1,"name":"Aloe","__proto__":{"name":"Injected","tag":"injected"}}',
    '{"__proto__":{"id":1,"name":"FromProto"}}',
    '[{"__proto__":{"polluted":true}}]',
    '{"id":1,"name":"Aloe","prototype":{"polluted":true},"toString":"x","hasOwnProperty":1}',
  ])('body %s is answered from own schema properties only', async (payload) => {
    const response = await mock.inject({ method: 'POST', url: '/plants', headers: auth, payload });
    expect(response.statusCode === 200 || response.statusCode === 400).toBe(true);
    const body = response.json() as Record<string, unknown>;
    if (response.statusCode === 200) {
      expect(Object.keys(body).every((key) => key === 'name' || key === 'tag')).toBe(true);
      expect(body.name).toBe('Aloe');
      expect(body.tag).toBeUndefined();
    } else {
      expect(Object.keys(body).sort()).toEqual(['error', 'message']);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a body whose only fields sit under __proto__ is missing its required fields', async () => {
    const response = await mock.inject({
      method: 'POST',
      url: '/plants',
      headers: auth,
      payload: '{"__proto__":{"id":1,"name":"FromProto"}}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/body\.(id|name)/);
  });

  it.each([
    '/plants?__proto__[polluted]=1',
    '/plants?constructor[prototype][polluted]=1',
    '/plants?__proto__.polluted=1&__code=__proto__',
    '/plants?__example=__proto__',
    '/plants?__example=constructor',
    '/plants?__example=toString',
  ])('query %s neither pollutes nor picks an inherited example', async (url) => {
    const response = await mock.inject({ method: 'POST', url, headers: auth, payload: '{"id":1,"name":"Aloe"}' });
    expect([200, 422]).toContain(response.statusCode);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it.each(['example=__proto__', 'example=constructor', 'example=hasOwnProperty', 'code=__proto__'])(
    'Prefer: %s is refused as an undefined example or status',
    async (prefer) => {
      const response = await mock.inject({
        method: 'POST',
        url: '/plants',
        headers: { ...auth, prefer },
        payload: '{"id":1,"name":"Aloe"}',
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().error).toBe(42201);
    },
  );

  it('leaves every prototype as it was', () => {
    expect(prototypesSnapshot()).toEqual(before);
  });
});
