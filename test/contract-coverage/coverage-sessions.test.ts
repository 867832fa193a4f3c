import { describe, expect, it } from 'vitest';
import type { CoverageReport, MockServer } from '../../src/index.js';
import { closeServersAfterEach, JSON_BODY, mockServer, postPlant } from '../support/servers.js';

closeServersAfterEach();

const inSession = (session: string, extra: Record<string, string> = {}) => ({ ...JSON_BODY, 'x-mock-session': session, ...extra });
const report = async (mock: MockServer, query = ''): Promise<CoverageReport> => (await mock.inject(`/__mock/coverage${query}`)).json();
const createPlant = (r: CoverageReport) => r.operations.find((o) => o.operationId === 'createPlant');

describe('coverage per session', () => {
  it('narrows the report to one X-Mock-Session, rejected requests included', async () => {
    const mock = await mockServer();
    await postPlant(mock, '{"id": 1, "name": "Ficus", "tag": "tree"}', inSession('checkout'));
    await postPlant(mock, '{"id": "x"}', inSession('checkout'));
    await postPlant(mock, '{"id": 2, "name": "Fern"}', inSession('search'));
    await postPlant(mock, '{"id": 3, "name": "Aloe"}');
    expect((await report(mock)).summary.requests).toBe(4);
    const checkout = await report(mock, '?session=checkout');
    expect(checkout.session).toBe('checkout');
    expect(createPlant(checkout)).toMatchObject({ requests: 2, violations: 1, neverSent: [] });
    const search = await report(mock, '?session=search');
    expect(createPlant(search)).toMatchObject({ requests: 1, violations: 0, neverSent: ['body.tag'] });
    expect((await report(mock, '?session=unknown')).summary).toMatchObject({ requests: 0, documentedResponsesServed: 0 });
    expect(mock.coverage({ session: 'search' })).toEqual(search);
  });

  it('forgets a session on POST /__mock/reset and DELETE /__mock/coverage, everything without a session', async () => {
    const mock = await mockServer();
    await postPlant(mock, '{"id": 1, "name": "Ficus"}', inSession('a'));
    await postPlant(mock, '{"id": 2, "name": "Fern"}', inSession('b'));
    await mock.inject({
      method: 'POST',
      url: '/__mock/reset',
      headers: { 'content-type': 'application/json' },
      payload: '{"session": "a"}',
    });
    expect((await report(mock, '?session=a')).summary.requests).toBe(0);
    expect((await report(mock, '?session=b')).summary.requests).toBe(1);
    expect((await report(mock)).summary.requests).toBe(2);
    const deleted = await mock.inject({ method: 'DELETE', url: '/__mock/coverage?session=b' });
    expect(deleted.json()).toEqual({ reset: 'b' });
    expect((await report(mock, '?session=b')).summary.requests).toBe(0);
    await mock.inject({ method: 'DELETE', url: '/__mock/coverage' });
    expect((await report(mock)).summary.requests).toBe(0);
    await postPlant(mock, '{"id": 3, "name": "Aloe"}', inSession('c'));
    await mock.inject({ method: 'POST', url: '/__mock/reset' });
    expect((await report(mock)).summary.requests).toBe(0);
    expect((await report(mock, '?session=c')).summary.requests).toBe(0);
  });

  it('keeps at most --max-sessions sessions, the least recently used dropped first', async () => {
    const mock = await mockServer({ maxSessions: 2 });
    for (const session of ['a', 'b', 'a', 'c']) await postPlant(mock, '{"id": 1, "name": "Ficus"}', inSession(session));
    expect((await report(mock, '?session=a')).summary.requests).toBe(2);
    expect((await report(mock, '?session=b')).summary.requests).toBe(0);
    expect((await report(mock, '?session=c')).summary.requests).toBe(1);
    expect((await report(mock)).summary.requests).toBe(4);
  });
});

describe('violations', () => {
  it('counts requests the contract rejects, not forced or scenario answers nor misuse of the mock', async () => {
    const mock = await mockServer({ journalSize: 0 });
    await postPlant(mock, '{"id": 1, "name": "Ficus"}', { ...JSON_BODY, prefer: 'code=400' });
    await postPlant(mock, '{"id": 1, "name": "Ficus"}', { ...JSON_BODY, 'x-mock-scenario': 'validation-error' });
    await postPlant(mock, '{"id": 1, "name": "Ficus"}', { ...JSON_BODY, prefer: 'code=418' });
    await postPlant(mock, '{"id": 1, "name": "Ficus"}', { 'content-type': 'application/json' });
    await postPlant(mock, '{"name": 7}');
    const create = createPlant(await report(mock));
    expect(create).toMatchObject({
      requests: 5,
      violations: 2,
      rejected: { INVALID_FORCING: 1, INVALID_REQUEST: 1, MISSING_CREDENTIALS: 1 },
      answeredBy: { forced: 1, scenario: 1, rejected: 3 },
    });
    expect(create?.responses).toEqual([
      { status: '200', documented: true, served: 0, mediaTypes: [{ mediaType: 'application/json', served: 0 }] },
      { status: '400', documented: true, served: 3, mediaTypes: [{ mediaType: 'application/json', served: 3 }] },
      { status: '401', documented: false, served: 1 },
      { status: '422', documented: false, served: 1 },
    ]);
  });

  it('tells answers of rules that keep session state from other scenario answers and from faults', async () => {
    const mock = await mockServer();
    const headers = { ...JSON_BODY, 'x-mock-scenario': 'duplicate-id', 'x-mock-session': 'dup' };
    await postPlant(mock, '{"id": 42, "name": "Ficus"}', headers);
    await postPlant(mock, '{"id": 42, "name": "Ficus"}', headers);
    const flaky = { ...JSON_BODY, 'x-mock-scenario': 'fail-then-succeed', 'x-mock-session': 'flaky' };
    await postPlant(mock, '{"id": 1, "name": "Ficus"}', flaky).catch(() => undefined); // the connection is reset
    await postPlant(mock, '{"id": 1, "name": "Ficus"}', flaky);
    const create = createPlant(await report(mock));
    expect(create?.answeredBy).toEqual({ state: 2, scenario: 1, fault: 1 });
    expect(create).toMatchObject({ requests: 4, violations: 0 });
  });
});
