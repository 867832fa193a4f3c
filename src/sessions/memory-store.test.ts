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

  it('counts what the store holds for the session even beyond the budget: its next write is refused', () => {
    const store = new MemorySessionStore({ idleMs: 60_000, max: 10, sessionBytes: 1000, totalBytes: 10_000 });
    store.restore('a', undefined, { scenario: undefined, defaultScenario: undefined }, 1500);
    expect(store.bytesUsed('a')).toBe(1500);
    expect(store.bytesUsed(null)).toBe(1500);
    expect(store.storeBody('a', 'k', 'v')).toEqual({ scope: 'the session', limit: 1000 });
    store.restore('a', undefined, { scenario: undefined, defaultScenario: undefined }, 100);
    expect(store.bytesUsed(null)).toBe(100);
  });
});

describe('MemorySessionStore: collections', () => {
  const limits = { idleMs: 60_000, max: 10, sessionBytes: 1000, totalBytes: 10_000 };
  const seeds = { records: new Map([['/plants', [{ id: 1, name: 'fern' }]]]), idFieldOf: () => 'id' };
  const how = { idField: 'id', assign: 'integer', maxRecords: 10_000 } as const;

  it('charges a collection it makes while it exists, so emptied ones under new parents end at the budget', () => {
    const store = new MemorySessionStore(limits);
    store.useSeeds(seeds);
    let parents = 0;
    for (; parents < 1000; parents++) {
      const made = store.insertRecord('a', `/things/${parents}/children`, {}, how);
      if ((made as { kind: string }).kind !== 'created') break;
      store.removeRecord('a', `/things/${parents}/children`, '1');
    }
    expect(parents).toBeLessThan(40);
    expect(store.insertRecord('a', '/things/0/children', {}, how)).toMatchObject({ kind: 'created', record: { id: 2 } });
    // A seeded collection is not charged, as its seeds are not.
    expect(store.removeRecord('b', '/plants', '1')).toEqual({ id: 1, name: 'fern' });
    expect(store.bytesUsed('b')).toBe(0);
  });

  it('keeps no collection replaced by none, and frees what it was charged', () => {
    const store = new MemorySessionStore(limits);
    store.useSeeds(seeds);
    const none = new Map(Array.from({ length: 1000 }, (_, i) => [`/things/${i}/children`, []]));
    expect(store.replaceRecords('a', none, { maxRecords: 10 })).toBeUndefined();
    expect([...(store.viewRecords('a')?.keys() ?? [])]).toEqual(['/plants']);
    expect(store.replaceRecords('a', new Map([['/things/1/children', [{ id: 1 }]]]), { maxRecords: 10 })).toBeUndefined();
    expect(store.bytesUsed('a')).toBeGreaterThan(0);
    store.replaceRecords(
      'a',
      new Map([
        ['/things/1/children', []],
        ['/plants', []],
      ]),
      { maxRecords: 10 },
    );
    expect(store.bytesUsed('a')).toBe(0);
    expect(store.listRecords('a', '/plants')).toEqual([]);
    expect([...(store.viewRecords('a')?.keys() ?? [])]).toEqual([]);
  });
});
