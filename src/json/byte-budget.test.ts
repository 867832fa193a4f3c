import { describe, expect, it } from 'vitest';
import { ByteBudget, jsonBytes } from './byte-budget.js';

describe('the byte budget', () => {
  it("refuses a charge beyond the owner's budget or the total, and charges nothing then", () => {
    const budget = new ByteBudget(100, 150);
    const a = {};
    const b = {};
    expect(budget.charge(a, 80)).toBeUndefined();
    expect(budget.charge(a, 30)).toEqual({ scope: 'the session', limit: 100 });
    expect(budget.charge(b, 80)).toEqual({ scope: 'all sessions', limit: 150 });
    expect(budget.used()).toBe(80);
    expect(budget.charge(a, -50)).toBeUndefined();
    expect(budget.charge(b, 80)).toBeUndefined();
    budget.release(a);
    expect(budget.used()).toBe(80);
  });

  it('estimates a value by its characters', () => {
    expect(jsonBytes('x'.repeat(1000))).toBeGreaterThanOrEqual(1000);
    expect(jsonBytes({ name: 'x'.repeat(1000), tags: ['a', 'b'] })).toBeLessThan(1200);
  });
});
