import { describe, expect, it } from 'vitest';
import { createNegotiation } from './negotiate.js';

const report = createNegotiation(['application/json', 'application/vnd.api+json', 'text/plain']);

describe('createNegotiation', () => {
  it('picks the first listed type without Accept or with */*', () => {
    expect(report(undefined)).toBe(0);
    expect(report('*/*')).toBe(0);
  });

  it('follows q-values', () => {
    expect(report('application/json;q=0.2, text/plain;q=0.9')).toBe(2);
  });

  it('matches a subtype wildcard', () => {
    expect(report('text/*')).toBe(2);
  });

  it('serves a vendor type only when asked for it', () => {
    expect(report('application/vnd.api+json')).toBe(1);
    expect(createNegotiation(['application/vnd.api+json'])('application/json')).toBe(-1);
  });

  it('excludes a type given q=0', () => {
    expect(report('application/json;q=0, */*;q=0.1')).toBe(1);
  });

  it('ignores range parameters other than q', () => {
    expect(report('application/json; charset=utf-8')).toBe(0);
    expect(report('text/plain; charset=utf-8; q=0.5, image/png')).toBe(2);
  });

  it('compares media types case-insensitively', () => {
    expect(createNegotiation(['text/plain', 'Application/JSON'])('application/json')).toBe(1);
    expect(createNegotiation(['text/plain', 'application/json'])('APPLICATION/Json')).toBe(1);
  });

  it('answers -1 when nothing is acceptable', () => {
    expect(report('image/png')).toBe(-1);
    expect(createNegotiation(['text/plain'])('application/json')).toBe(-1);
  });
});
