import { describe, expect, it } from 'vitest';
import { createNegotiation, negotiateLeniently } from './negotiate.js';

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

describe('negotiateLeniently', () => {
  const repos = createNegotiation(['text/html', 'application/json']);
  const zip = createNegotiation(['application/zip']);

  it('reads a structured-suffix or vendor type as its suffix type (GitHub, Octokit)', () => {
    expect(negotiateLeniently(repos, 'application/vnd.github+json')).toBe(1);
    expect(negotiateLeniently(repos, 'application/vnd.github.v3+json')).toBe(1);
    expect(negotiateLeniently(repos, 'application/vnd.github.v3+json;q=0.5, text/html;q=0.4')).toBe(1);
    expect(negotiateLeniently(report, 'application/vnd.api+json')).toBe(1);
  });

  it('answers the first type the Accept does not refuse when it names none of them', () => {
    expect(negotiateLeniently(zip, 'application/binary')).toBe(0);
    expect(negotiateLeniently(zip, 'application/octet-stream')).toBe(0);
    expect(negotiateLeniently(repos, 'image/png, text/html;q=0')).toBe(1);
    expect(negotiateLeniently(repos, undefined)).toBe(0);
  });

  it('refuses only when every type is refused with q=0', () => {
    expect(negotiateLeniently(zip, 'application/zip;q=0')).toBe(-1);
    expect(negotiateLeniently(repos, 'text/html;q=0, application/json;q=0')).toBe(-1);
  });
});
