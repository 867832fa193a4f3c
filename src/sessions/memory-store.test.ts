import { describe, expect, it } from 'vitest';
import { describeSessionStore } from '../../test/support/session-store-contract.js';
import { MemorySessionStore } from './memory-store.js';

describeSessionStore('MemorySessionStore', (limits) => new MemorySessionStore(limits));

describe('MemorySessionStore: reads', () => {
  const limits = { idleMs: 60_000, max: 10, sessionBytes: 10_000, totalBytes: 10_000 };
  const seeds = { records: new Map([['/plants', [{ id: 1, name: 'fern' }]]]), idFieldOf: () => 'id' };

  it('make neither a session nor a collection; refused inserts leave no collection either', () => {
    const store = new MemorySessionStore(limits);
    store.useSeeds(seeds);
    expect(store.listRecords('a', '/plants')).toEqual([{ id: 1, name: 'fern' }]);
    expect(store.readRecord('a', '/plants', '1')).toEqual({ id: 1, name: 'fern' });
    expect(store.listRecords('a', '/things/1/children')).toEqual([]);
    expect(store.size()).toBe(0);
    const how = { idField: 'id', maxRecords: 1 };
    expect(store.insertRecord('a', '/things/2/children', { id: 5 }, how)).toEqual({ kind: 'over-limit' });
    expect(store.listRecords('a', '/things/3/children')).toEqual([]);
    expect([...(store.viewRecords('a')?.keys() ?? [])]).toEqual(['/plants']);
  });
});

describe('MemorySessionStore: a shared copy', () => {
  it('counts the bytes the store holds for the session elsewhere (its recordings) in its budget', () => {
    const store = new MemorySessionStore({ idleMs: 60_000, max: 10, sessionBytes: 1000, totalBytes: 10_000 });
    store.restore('a', undefined, { scenario: undefined, defaultScenario: undefined }, 900);
    expect(store.bytesUsed('a')).toBe(900);
    const how = { idField: 'id', maxRecords: 10 };
    expect(store.insertRecord('a', '/p', { id: 1, blob: 'x'.repeat(200) }, how)).toMatchObject({ kind: 'over-budget' });
    store.restore('a', undefined, { scenario: undefined, defaultScenario: undefined }, 0);
    expect(store.insertRecord('a', '/p', { id: 1, blob: 'x'.repeat(200) }, how)).toMatchObject({ kind: 'created' });
  });
});
