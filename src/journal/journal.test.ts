import { describe, expect, it } from 'vitest';
import { Journal } from './journal.js';
import type { NewJournalEntry } from './journal-entry.js';

const entry = (path: string, session?: string): NewJournalEntry => ({
  time: 0,
  session,
  method: 'GET',
  path,
  query: {},
  headers: {},
  body: undefined,
  bodySize: 0,
  provenance: undefined,
  operation: undefined,
  status: 200,
  responseHeaders: {},
  responseBody: undefined,
  durationMs: 1,
});

describe('Journal', () => {
  it('keeps the newest entries in order once the ring wraps', () => {
    const journal = new Journal(3);
    for (const path of ['/a', '/b', '/c', '/d', '/e']) journal.record(entry(path));
    expect(journal.entries().map((e) => e.path)).toEqual(['/c', '/d', '/e']);
    expect(journal.entries().map((e) => e.id)).toEqual([3, 4, 5]);
    expect(journal.size).toBe(3);
  });

  it('writes entries down when the event loop turn ends, or at once when read', async () => {
    const journal = new Journal(10);
    const heard: string[] = [];
    journal.subscribe((event) => heard.push(event.type === 'entry' ? event.entry.path : 'clear'));
    journal.record(entry('/a'));
    journal.record(entry('/b'));
    expect(heard).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(heard).toEqual(['/a', '/b']);
    journal.record(entry('/c'));
    expect(journal.entries().map((e) => [e.id, e.path])).toEqual([
      [1, '/a'],
      [2, '/b'],
      [3, '/c'],
    ]);
    expect(heard).toEqual(['/a', '/b', '/c']);
    journal.record(entry('/d'));
    expect(journal.size).toBe(4);
    journal.record(entry('/e'));
    expect(journal.clear()).toBe(5);
    expect(heard).toEqual(['/a', '/b', '/c', '/d', '/e', 'clear']);
  });

  it('clears one session and keeps recording in order afterwards', () => {
    const journal = new Journal(3);
    journal.record(entry('/a', 'x'));
    journal.record(entry('/b', 'y'));
    journal.record(entry('/c', 'x'));
    expect(journal.clear('x')).toBe(2);
    journal.record(entry('/d'));
    journal.record(entry('/e'));
    journal.record(entry('/f'));
    expect(journal.entries().map((e) => e.path)).toEqual(['/d', '/e', '/f']);
  });

  it('bounds its memory in bytes whatever the capacity, holding fewer large entries', () => {
    const journal = new Journal(1_000_000);
    expect(journal.byteCapacity).toBeLessThanOrEqual(64 * 1024 * 1024);
    const big = { ...entry('/big'), body: 'x'.repeat(60 * 1024) };
    for (let i = 0; i < 2000; i++) journal.record(big);
    expect(journal.size).toBeLessThan(2000);
    expect(journal.size).toBeGreaterThan(500);
  });

  it('records nothing with capacity 0', () => {
    const journal = new Journal(0);
    journal.record(entry('/a'));
    expect(journal.entries()).toEqual([]);
    expect(journal.clear()).toBe(0);
  });

  it('tells listeners of entries and clears until they unsubscribe', () => {
    const journal = new Journal(2);
    const heard: string[] = [];
    const unsubscribe = journal.subscribe((event) => heard.push(event.type));
    journal.record(entry('/a'));
    journal.clear();
    unsubscribe();
    journal.record(entry('/b'));
    expect(heard).toEqual(['entry', 'clear']);
  });

  it('numbers on past entries newer ones pushed out before anyone read them', () => {
    const journal = new Journal(3);
    for (let i = 1; i <= 10; i++) journal.record(entry(`/${i}`));
    expect(journal.entries().map((e) => [e.id, e.path])).toEqual([
      [8, '/8'],
      [9, '/9'],
      [10, '/10'],
    ]);
    journal.record(entry('/11'));
    expect(journal.entries().map((e) => e.id)).toEqual([9, 10, 11]);
  });

  it('stores each entry as the storage said when it was recorded, not when it is read', () => {
    let mask = 'first';
    const journal = new Journal(10, { context: () => mask, stored: (e, context) => ({ ...e, path: `${e.path} ${context}` }) });
    journal.record(entry('/a'));
    mask = 'second';
    journal.record(entry('/b'));
    expect(journal.entries().map((e) => e.path)).toEqual(['/a first', '/b second']);
  });

  it('writes waiting entries down at the end of the turn once they hold more bytes than their budget', async () => {
    const journal = new Journal(1000);
    const big = { ...entry('/big'), body: 'x'.repeat(60 * 1024), bodySize: 60 * 1024 };
    const heard: string[] = [];
    for (let i = 0; i < 40; i++) journal.record(big);
    // A listener subscribing hears only what comes after; what was recorded before is in the journal.
    journal.subscribe((event) => heard.push(event.type));
    journal.record(entry('/after'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(heard).toEqual(['entry']);
    expect(journal.size).toBeGreaterThan(1);
  });

  it('lets a listener hear of every entry, even more than its capacity in one turn', async () => {
    const journal = new Journal(2);
    const heard: string[] = [];
    journal.subscribe((event) => heard.push(event.type === 'entry' ? event.entry.path : 'clear'));
    for (const path of ['/a', '/b', '/c', '/d', '/e']) journal.record(entry(path));
    await new Promise((resolve) => setImmediate(resolve));
    expect(heard).toEqual(['/a', '/b', '/c', '/d', '/e']);
    expect(journal.entries().map((e) => [e.id, e.path])).toEqual([
      [4, '/d'],
      [5, '/e'],
    ]);
  });
});
