import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlant, serverWith } from '../support/scenarios.js';

const named = (name: string) => `
description: answers ${name}
rules:
  - operation: createPlant
    respond: { body: { name: ${name} } }
`;
const FILES = { 'alpha.yaml': named('alpha'), 'beta.yaml': named('beta'), 'gamma.yaml': named('gamma') };

describe('scenario selection, most specific first', () => {
  let server: Awaited<ReturnType<typeof serverWith>>;
  beforeAll(async () => {
    server = await serverWith(FILES, { scenario: 'alpha' });
  });
  afterAll(() => server.cleanup());

  const nameOf = async (headers: Record<string, string> = {}) => (await createPlant(server, { id: 1, name: 'x' }, headers)).json().name;
  const put = (body: unknown) =>
    server.inject({
      method: 'PUT',
      url: '/__mock/scenario',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });

  it('uses --scenario when nothing else selects one', async () => {
    expect(await nameOf()).toBe('alpha');
  });

  it('prefers the admin selection, then the session selection, then the header', async () => {
    expect((await put({ scenario: 'beta' })).json()).toEqual({ session: null, scenario: 'beta' });
    expect(await nameOf()).toBe('beta');
    expect(await nameOf({ 'x-mock-session': 's1' })).toBe('beta');
    expect((await put({ scenario: 'gamma', session: 's1' })).json()).toEqual({ session: 's1', scenario: 'gamma' });
    expect(await nameOf({ 'x-mock-session': 's1' })).toBe('gamma');
    expect(await nameOf()).toBe('beta');
    expect(await nameOf({ 'x-mock-session': 's1', 'x-mock-scenario': 'alpha' })).toBe('alpha');
    const get = await server.inject('/__mock/scenario?session=s1');
    expect(get.json()).toEqual({ session: 's1', scenario: 'gamma' });
    expect((await put({ scenario: null, session: null })).json()).toEqual({ session: null, scenario: 'alpha' });
    expect((await put({ scenario: null, session: 's1' })).json()).toEqual({ session: 's1', scenario: 'alpha' });
  });

  it('answers admin bodies sent as another Content-Type than JSON (curl -d without -H) 415', async () => {
    const response = await server.inject({
      method: 'PUT',
      url: '/__mock/scenario',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '{"scenario":"beta","session":"curl"}',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toContain('application/json');
  });

  it('lists the scenarios with their descriptions and the active one', async () => {
    const list = await server.inject('/__mock/scenarios');
    expect(list.json()).toEqual({
      scenarios: [
        { name: 'alpha', description: 'answers alpha' },
        { name: 'beta', description: 'answers beta' },
        { name: 'gamma', description: 'answers gamma' },
      ],
      active: 'alpha',
    });
  });

  it('rejects an unknown scenario with the available names, in a header and through the admin API', async () => {
    const response = await createPlant(server, { id: 1, name: 'x' }, { 'x-mock-scenario': 'delta' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ error: 42202, message: 'Unknown scenario "delta"; available: alpha, beta, gamma' });
    const admin = await put({ scenario: '../../etc/passwd' });
    expect(admin.statusCode).toBe(422);
    expect(admin.json().message).toContain('available: alpha, beta, gamma');
  });

  it('rejects malformed session and scenario headers', async () => {
    const response = await createPlant(server, { id: 1, name: 'x' }, { 'x-mock-session': 'a b' });
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toBe(42203);
  });

  it('rejects malformed admin requests with a clear error', async () => {
    const bad = await server.inject({
      method: 'PUT',
      url: '/__mock/scenario',
      headers: { 'content-type': 'application/json' },
      payload: '{"scenario": 1}',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      error: 40010,
      message: 'Invalid admin API request: "scenario" must be a scenario name or null',
    });
    const unknownField = await server.inject({
      method: 'POST',
      url: '/__mock/reset',
      headers: { 'content-type': 'application/json' },
      payload: '{"sesion": "x"}',
    });
    expect(unknownField.json().message).toContain('unknown field "sesion"');
  });

  it('lets forcing work on top of a scenario', async () => {
    const response = await createPlant(server, { id: 1, name: 'x' }, { 'x-mock-scenario': 'beta', prefer: 'example=fern' });
    expect(response.json()).toEqual({ name: 'Boston fern' });
  });
});

describe('no scenario selected', () => {
  it('keeps the default behaviour of the core', async () => {
    const server = await serverWith(FILES);
    try {
      expect((await createPlant(server, { id: 1, name: 'Aloe' })).json()).toEqual({ name: 'Aloe' });
      expect((await server.inject('/__mock/scenarios')).json().active).toBeNull();
    } finally {
      await server.cleanup();
    }
  });
});
