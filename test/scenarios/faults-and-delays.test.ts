import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postOverNetwork, serverWith } from '../support/scenarios.js';

const step = (name: string, body: string) => `
description: ${name}
rules:
  - operation: createPlant
    respond: ${body}
`;
const FILES = {
  'reset.yaml': step('reset', '{ fault: reset }'),
  'empty.yaml': step('empty', '{ fault: empty }'),
  'malformed.yaml': step('malformed', '{ fault: malformed-json }'),
  'timeout.yaml': step('timeout', '{ fault: timeout }'),
  'fixed.yaml': step('fixed delay', '{ delay: 300 }'),
  'uniform.yaml': step('uniform delay', '{ delay: { uniform: [100, 200] } }'),
  'lognormal.yaml': step('lognormal delay', '{ delay: { lognormal: { median: 50, sigma: 0.5 } } }'),
  'chaos.yaml': step('20% resets', '{ fault: { kind: reset, probability: 0.2 } }'),
};

describe('faults and delays (over real sockets)', () => {
  let server: Awaited<ReturnType<typeof serverWith>>;
  let url: string;
  beforeAll(async () => {
    server = await serverWith(FILES, { seed: 3 });
    url = await server.listen();
  });
  afterAll(() => server.cleanup());
  const post = (scenario: string, timeoutMs?: number) =>
    postOverNetwork(url, { id: 1, name: 'p' }, { 'x-mock-scenario': scenario }, timeoutMs);

  it('resets the connection', async () => {
    expect(await post('reset')).toEqual({ error: 'ECONNRESET' });
  });

  it('closes the connection without an answer', async () => {
    const result = await post('empty');
    expect(result).toHaveProperty('error');
  });

  it('cuts the JSON body short', async () => {
    const result = await post('malformed');
    if ('error' in result) throw new Error(result.error);
    expect(result.status).toBe(200);
    expect(result.headers.get('content-type')).toContain('application/json');
    expect(() => JSON.parse(result.text)).toThrow();
  });

  it('holds a timeout until the client gives up, and the server still answers others', async () => {
    const started = Date.now();
    expect(await post('timeout', 400)).toEqual({ error: 'TimeoutError' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(350);
    const other = await post('fixed');
    expect(other).toHaveProperty('status', 200);
  });

  it('delays by a fixed time, a uniform range and a lognormal draw', async () => {
    const timed = async (scenario: string) => {
      const started = performance.now();
      const result = await post(scenario);
      expect(result).toHaveProperty('status', 200);
      return performance.now() - started;
    };
    expect(await timed('fixed')).toBeGreaterThanOrEqual(295);
    expect(await timed('uniform')).toBeGreaterThanOrEqual(95);
    expect(await timed('lognormal')).toBeGreaterThan(0);
  });

  it('faults a share of calls as the probability asks', async () => {
    const results = [];
    for (let i = 0; i < 60; i++) results.push(await post('chaos'));
    const resets = results.filter((r) => 'error' in r).length;
    expect(resets).toBeGreaterThan(3);
    expect(resets).toBeLessThan(25);
  });
});

describe('closing a server', () => {
  it('does not wait for held timeouts or pending delays', async () => {
    const server = await serverWith({
      'timeout.yaml': step('timeout', '{ fault: timeout }'),
      'slow.yaml': step('slow', '{ delay: 30000 }'),
    });
    const url = await server.listen();
    const held = postOverNetwork(url, { id: 1, name: 'p' }, { 'x-mock-scenario': 'timeout' });
    const slow = postOverNetwork(url, { id: 1, name: 'p' }, { 'x-mock-scenario': 'slow' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const started = Date.now();
    await server.cleanup();
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await held).toHaveProperty('error');
    expect(await slow).toHaveProperty('status', 200);
  });
});
