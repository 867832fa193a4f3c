import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../src/index.js';

const AUTH = { authorization: 'Bearer t', 'content-type': 'application/json' };
const create = (id: number) => ({ method: 'POST', headers: AUTH, body: JSON.stringify({ id, name: 'Ficus' }) });

describe.each([
  ['through inject()', false],
  ['over a socket', true],
])('mock.session() %s', (_label, listening) => {
  let mock: MockServer;
  beforeAll(async () => {
    mock = await createMockServer({ seed: 1 });
    if (listening) await mock.listen();
  });
  afterAll(() => mock.close());

  it('answers with a standard Response and tags every request with its own session', async () => {
    const session = mock.session();
    const response = await session.fetch('/plants', create(1));
    expect(response).toBeInstanceOf(Response);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(await response.json()).toEqual({ name: 'Ficus' });
    const [entry] = await session.journal();
    expect(entry).toMatchObject({ session: session.id, method: 'POST', path: '/plants' });
  });

  it('keeps scenario choices, stored data and journals of two handles apart', async () => {
    const a = mock.session();
    const b = mock.session();
    expect(a.id).not.toBe(b.id);
    await a.useScenario('duplicate-id');
    await b.useScenario('duplicate-id');
    expect((await a.fetch('/plants', create(42))).status).toBe(200);
    expect((await a.fetch('/plants', create(42))).status).toBe(400);
    // b created nothing yet: a's plant 42 is not b's.
    expect((await b.fetch('/plants', create(42))).status).toBe(200);
    expect(await a.journal()).toHaveLength(2);
    expect(await b.journal()).toHaveLength(1);
    expect((await a.verify({ method: 'POST', path: '/plants', status: '4xx', exactly: 1 })).pass).toBe(true);
    expect((await b.verify({ method: 'POST', status: '4xx', atLeast: 1 })).pass).toBe(false);
  });

  it('a scenario chosen for one session does not reach another, nor the default session', async () => {
    const a = mock.session();
    const b = mock.session();
    await a.useScenario('unauthorized');
    expect((await a.fetch('/plants', create(3))).status).toBe(401);
    expect((await b.fetch('/plants', create(3))).status).toBe(200);
    expect((await mock.inject({ method: 'POST', url: '/plants', headers: AUTH, payload: create(3).body })).statusCode).toBe(200);
    await a.useScenario(null);
    expect((await a.fetch('/plants', create(3))).status).toBe(200);
  });

  it('reset() forgets one session state and journal, not the other session', async () => {
    const a = mock.session();
    const b = mock.session();
    for (const session of [a, b]) {
      await session.useScenario('duplicate-id');
      await session.fetch('/plants', create(7));
    }
    await a.reset();
    expect(await a.journal()).toHaveLength(0);
    expect((await a.fetch('/plants', create(7))).status).toBe(200);
    expect(await b.journal()).toHaveLength(1);
    expect((await b.fetch('/plants', create(7))).status).toBe(400);
  });

  it('coverage() reports this session only, as the server does', async () => {
    const a = mock.session();
    const b = mock.session();
    await a.fetch('/plants', create(5));
    await a.fetch('/plants', create(6));
    const report = await a.coverage();
    expect(report).toMatchObject({ session: a.id, summary: { requests: 2 } });
    expect(report).toEqual(JSON.parse(JSON.stringify(mock.coverage({ session: a.id }))));
    expect((await b.coverage()).summary.requests).toBe(0);
  });

  it('keeps a header the caller set, and the journal filters and limits', async () => {
    const session = mock.session('fixed-id.1');
    expect(session.id).toBe('fixed-id.1');
    await session.fetch('/plants', create(1));
    await session.fetch('/plants', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(await session.journal({ status: '401' })).toHaveLength(1);
    expect(await session.journal({ limit: 1 })).toHaveLength(1);
    const other = await session.fetch(
      new Request(new URL('/plants', mock.url ?? 'http://x.invalid'), { ...create(2), headers: { ...AUTH, 'x-mock-session': 'other' } }),
    );
    expect(other.status).toBe(200);
    expect(await session.journal()).toHaveLength(2);
  });
});

describe('mock.session() options', () => {
  it('rejects an id the admin API would refuse', async () => {
    const mock = await createMockServer();
    try {
      expect(() => mock.session('has space')).toThrow(RangeError);
    } finally {
      await mock.close();
    }
  });

  it('sends the admin token with its own admin calls, and reports an admin error', async () => {
    const mock = await createMockServer({ adminToken: 'admin-secret' });
    try {
      const session = mock.session();
      await session.useScenario('unauthorized');
      expect((await session.fetch('/plants', create(1))).status).toBe(401);
      await expect(session.useScenario('no-such-scenario')).rejects.toThrow(/422/);
    } finally {
      await mock.close();
    }
  });
});
