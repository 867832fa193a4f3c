import { describe, expect, it } from 'vitest';
import { SessionStore } from './session-store.js';

describe('SessionStore', () => {
  it('forgets sessions idle longer than the timeout, but never the default one', () => {
    let now = 0;
    const store = new SessionStore({ idleMs: 1000, max: 10, now: () => now });
    store.get('a').stored.set('1', {});
    store.get(undefined).stored.set('1', {});
    now = 999;
    expect(store.get('a').stored.size).toBe(1);
    now = 2500;
    expect(store.peek('a')).toBeUndefined();
    expect(store.get(undefined).stored.size).toBe(1);
  });

  it('keeps at most max sessions, dropping the least recently used', () => {
    const store = new SessionStore({ idleMs: 60_000, max: 2 });
    store.get('a');
    store.get('b');
    store.get('a');
    store.get('c');
    expect(store.peek('b')).toBeUndefined();
    expect(store.peek('a')).toBeDefined();
    expect(store.size).toBe(2);
  });

  it('keeps keys like __proto__ as plain data', () => {
    const store = new SessionStore({ idleMs: 60_000, max: 5 });
    store.get('__proto__').scenario = 'x';
    expect(store.peek('__proto__')?.scenario).toBe('x');
    expect(({} as Record<string, unknown>).scenario).toBeUndefined();
  });
});
