import { describe, expect, it } from 'vitest';
import { DataGenerator } from '../generate/data-generator.js';
import { loadSpec } from '../load/load-spec.js';
import { resolveOptions } from '../options.js';
import { newExchange } from '../pipeline/session.js';
import { createMock } from './create-mock.js';

const create = (headers: Record<string, string> = {}) =>
  newExchange(
    'POST',
    '/plants',
    {},
    { authorization: 'Bearer t', 'content-type': 'application/json', ...headers },
    Buffer.from('{"id": 1, "name": "Fern"}'),
  );

describe('a mock built apart from any HTTP server', () => {
  it('answers an exchange synchronously and records it with where the answer came from', async () => {
    const options = resolveOptions({ logLevel: 'silent' });
    const log = { info: () => {}, warn: () => {} };
    const mock = await createMock({ options, spec: await loadSpec(options.spec), generator: new DataGenerator(1), log });
    const exchange = create({ 'x-mock-session': 'team-a' });
    const response = mock.answer(exchange);
    expect(response).not.toBeInstanceOf(Promise);
    expect(response).toMatchObject({ status: 200, body: { name: 'Fern' } });
    expect(exchange.answer?.provenance).toEqual({ kind: 'echo' });
    mock.answered(exchange, true, 200, 1, {});
    expect(mock.journal.size).toBe(1);
    expect(mock.documents[0]?.coverage.tally('team-a')?.byOperation.size).toBe(1);
    await mock.close();
  });

  it('answers a malformed steering header from the catalogue, after the contract checks', async () => {
    const options = resolveOptions({ logLevel: 'silent' });
    const mock = await createMock({
      options,
      spec: await loadSpec(options.spec),
      generator: new DataGenerator(1),
      log: { info: () => {}, warn: () => {} },
    });
    const bad = create({ 'x-mock-session': 'not a session id' });
    expect(mock.answer(bad)).toMatchObject({ status: 422, headers: { 'x-mock-error': 'INVALID_MOCK_HEADER' } });
    expect(bad.answer?.provenance).toMatchObject({ kind: 'rejected', code: 'INVALID_MOCK_HEADER' });
    const unauthorised = create({ 'x-mock-session': 'not a session id', authorization: 'Basic x' });
    expect(mock.answer(unauthorised)).toMatchObject({ status: 401 });
    await mock.close();
  });
});
