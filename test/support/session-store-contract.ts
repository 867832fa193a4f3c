import { describe, expect, it } from 'vitest';
import type { SessionLimits, SessionStore } from '../../src/sessions/session-store.js';

/** Makes a fresh, empty store for one test; `advance` moves the store's clock (idle expiry). */
export type StoreMaker = (limits: SessionLimits, clock: { now: number }) => SessionStore | Promise<SessionStore>;

const LIMITS = { idleMs: 60_000, max: 3, sessionBytes: 1000, totalBytes: 1500 };
const SEEDS = { records: new Map([['/plants', [{ id: 1, name: 'fern' }]]]), idFieldOf: () => 'id' };

/**
 * What every SessionStore does, whatever keeps the data: the in-memory store runs it, and a shared
 * store (Valkey, Redis) runs the same cases against its own (see docs/session-store.md).
 */
export function describeSessionStore(name: string, make: StoreMaker): void {
  const fresh = async (limits: Partial<SessionLimits> = {}) => {
    const clock = { now: 0 };
    const store = await make({ ...LIMITS, now: () => clock.now, ...limits }, clock);
    return { store, clock };
  };

  describe(`${name}: the SessionStore contract`, () => {
    it('inherits the default session scenario choice until the session makes its own', async () => {
      const { store } = await fresh();
      await store.chooseScenario(undefined, 'happy');
      expect(await store.scenarioOf('a')).toBe('happy');
      await store.chooseScenario('a', 'outage');
      expect(await store.scenarioOf('a')).toBe('outage');
      await store.chooseScenario('a', undefined);
      expect(await store.scenarioOf('a')).toBe('happy');
    });

    it('advances each rule position once per call and answers the calls before it', async () => {
      const { store } = await fresh();
      const calls = await Promise.all([store.advance('a', 's#0'), store.advance('a', 's#0'), store.advance('a', 's#0')]);
      expect([...calls].sort()).toEqual([0, 1, 2]);
      expect(await store.advance('b', 's#0')).toBe(0);
      expect(await store.advance('a', 's#1')).toBe(0);
    });

    it('stores bodies within the byte budget, refusing whole what does not fit', async () => {
      const { store } = await fresh();
      expect(await store.storeBody('a', 'k', { name: 'x' })).toBeUndefined();
      expect((await store.storedBodies('a')).get('k')).toEqual({ name: 'x' });
      expect(await store.storeBody('a', 'big', 'x'.repeat(2000))).toEqual({ scope: 'the session', limit: 1000 });
      expect((await store.storedBodies('a')).has('big')).toBe(false);
      expect((await store.storedBodies('nobody')).size).toBe(0);
    });

    it('keeps proxy choices per session', async () => {
      const { store } = await fresh();
      expect(await store.proxyChoice('a')).toBeUndefined();
      await store.chooseProxy('a', false);
      expect(await store.proxyChoice('a')).toBe(false);
      expect(await store.proxyChoice(undefined)).toBeUndefined();
    });

    it('starts each session from the seeds and keeps records apart per session', async () => {
      const { store } = await fresh();
      store.useSeeds(SEEDS);
      const how = { idField: 'id', assign: 'integer', maxRecords: 10 } as const;
      const created = await store.insertRecord('a', '/plants', { name: 'ivy' }, how);
      expect(created).toEqual({ kind: 'created', record: { id: 2, name: 'ivy' } });
      expect(await store.insertRecord('a', '/plants', { id: 2, name: 'again' }, how)).toEqual({ kind: 'conflict', id: 2 });
      expect((await store.listRecords('a', '/plants')).map((r) => r.name)).toEqual(['fern', 'ivy']);
      expect((await store.listRecords('b', '/plants')).map((r) => r.name)).toEqual(['fern']);
      expect(await store.updateRecord('a', '/plants', '2', { id: 2, name: 'moss' })).toBeUndefined();
      expect(await store.readRecord('a', '/plants', '2')).toEqual({ id: 2, name: 'moss' });
      expect(await store.updateRecord('a', '/plants', '9', { id: 9 })).toBe('missing');
      expect(await store.removeRecord('a', '/plants', '2')).toEqual({ id: 2, name: 'moss' });
      expect(await store.removeRecord('a', '/plants', '2')).toBeUndefined();
      expect(await store.viewRecords('never-seen')).toBeUndefined();
    });

    it('refuses records beyond the count or the budget, and completes only the ones it keeps', async () => {
      const { store } = await fresh();
      let completed = 0;
      const how = { idField: 'id', assign: 'string', maxRecords: 1, complete: () => completed++ } as const;
      expect(await store.insertRecord('a', '/p', {}, how)).toEqual({ kind: 'created', record: { id: '1' } });
      expect(await store.insertRecord('a', '/p', {}, how)).toEqual({ kind: 'over-limit' });
      expect(completed).toBe(1);
      const big = { idField: 'id', maxRecords: 10 };
      expect((await store.insertRecord('b', '/p', { id: 'x', blob: 'y'.repeat(2000) }, big)).kind).toBe('over-budget');
    });

    it('replaces whole collections, or nothing when refused', async () => {
      const { store } = await fresh();
      store.useSeeds(SEEDS);
      const sets = new Map([['/plants', [{ id: 5, name: 'palm' }]]]);
      expect(await store.replaceRecords('a', sets, { maxRecords: 10 })).toBeUndefined();
      expect((await store.viewRecords('a'))?.get('/plants')).toEqual([{ id: 5, name: 'palm' }]);
      const many = new Map([['/plants', [{ id: 1 }, { id: 2 }]]]);
      expect(await store.replaceRecords('a', many, { maxRecords: 1 })).toEqual({ records: 2 });
      expect((await store.viewRecords('a'))?.get('/plants')).toEqual([{ id: 5, name: 'palm' }]);
    });

    it('resets positions, bodies and records of one session or all, keeping choices and freeing bytes', async () => {
      const { store } = await fresh();
      await store.chooseScenario('a', 's');
      await store.advance('a', 's#0');
      await store.storeBody('a', 'k', 'v');
      await store.storeBody('b', 'k', 'v');
      await store.reset('a');
      expect(await store.advance('a', 's#0')).toBe(0);
      expect((await store.storedBodies('a')).size).toBe(0);
      expect((await store.storedBodies('b')).size).toBe(1);
      expect(await store.scenarioOf('a')).toBe('s');
      await store.reset(undefined);
      expect((await store.storedBodies('b')).size).toBe(0);
      expect(await store.bytesUsed(null)).toBe(0);
    });

    it('forgets the least recently used sessions beyond max, and idle ones, never the default session', async () => {
      const { store, clock } = await fresh({ max: 2, idleMs: 1000 });
      for (const id of ['a', 'b', 'c']) await store.chooseScenario(id, id);
      await store.chooseScenario(undefined, 'default');
      expect(await store.scenarioOf('a')).toBe('default');
      expect(await store.scenarioOf('c')).toBe('c');
      await store.storeBody('c', 'k', 'v');
      clock.now = 5000;
      expect(await store.scenarioOf('c')).toBe('default');
      expect(await store.bytesUsed('c')).toBe(0);
      expect(await store.scenarioOf(undefined)).toBe('default');
    });

    it("keeps a session's coverage slice with the session: through resets, forgotten with it", async () => {
      const { store, clock } = await fresh({ max: 2, idleMs: 1000 });
      const slice = { counts: 1 };
      expect(store.peekCoverage('a')).toBeUndefined();
      expect(store.coverageSlice('a', () => slice)).toBe(slice);
      expect(store.coverageSlice('a', () => ({}))).toBe(slice);
      await store.reset('a');
      expect(store.peekCoverage('a')).toBe(slice);
      store.coverageSlice('b', () => ({}));
      expect(store.coverageSlices().map(([id]) => id)).toEqual(['a', 'b']);
      store.dropCoverage('a');
      expect(store.peekCoverage('a')).toBeUndefined();
      store.coverageSlice('c', () => ({}));
      store.coverageSlice('d', () => ({}));
      expect(store.peekCoverage('b')).toBeUndefined(); // pushed out with its session
      clock.now = 5000;
      expect(store.coverageSlices()).toEqual([]);
    });

    it('keeps ids like __proto__ as plain data', async () => {
      const { store } = await fresh();
      await store.chooseScenario('__proto__', 'x');
      expect(await store.scenarioOf('__proto__')).toBe('x');
      expect(({} as Record<string, unknown>).scenario).toBeUndefined();
    });
  });
}
