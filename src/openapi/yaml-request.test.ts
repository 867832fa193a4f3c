import { describe, expect, it, vi } from 'vitest';
import { readYamlBody } from './yaml-request.js';

describe('readYamlBody', () => {
  it('refuses a node that contains its own alias with a plain message', () => {
    const reading = readYamlBody('a: &a {b: *a}');
    expect(reading).toEqual({ ok: false, message: 'is not well-formed YAML: nested too deeply or refers to itself' });
  });

  it('refuses nesting past the stack with the same message', () => {
    const reading = readYamlBody(`${'['.repeat(50_000)}${']'.repeat(50_000)}`);
    expect(reading.ok).toBe(false);
    expect(reading.ok ? '' : reading.message).not.toMatch(/call stack/);
  });

  it('prints no process warning for a client tag it does not know', () => {
    const emit = vi.spyOn(process, 'emitWarning');
    try {
      expect(readYamlBody('!!js/function "x"')).toEqual({ ok: true, value: 'x' });
      expect(emit).not.toHaveBeenCalled();
    } finally {
      emit.mockRestore();
    }
  });

  it('keeps integers beyond 2^53 exact and a __proto__ key an own property', () => {
    const reading = readYamlBody('__proto__: {x: 1}\nn: 99999999999999999999');
    expect(reading.ok).toBe(true);
    const value = reading.ok ? (reading.value as Record<string, unknown>) : {};
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(['__proto__', 'n']);
    expect(value.n).toBe(99999999999999999999n);
  });
});
