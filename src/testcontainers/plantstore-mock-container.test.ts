import { describe, expect, it } from 'vitest';
import { PlantStoreMockContainer } from './plantstore-mock-container.js';

// What the options put in the container is checked against a real runtime in test/container/; here,
// that bad values fail when written rather than when the container starts.
describe('PlantStoreMockContainer options', () => {
  it('rejects a seed the mock would refuse', () => {
    expect(() => new PlantStoreMockContainer().withSeed(-1)).toThrow(/seed must be a non-negative integer/);
    expect(() => new PlantStoreMockContainer().withSeed(1.5)).toThrow(RangeError);
  });

  it('rejects no tokens, an empty token, and a comma that would split one', () => {
    expect(() => new PlantStoreMockContainer().withTokens()).toThrow(/at least one token/);
    expect(() => new PlantStoreMockContainer().withTokens('')).toThrow(RangeError);
    expect(() => new PlantStoreMockContainer().withTokens('a,b')).toThrow(RangeError);
  });

  it('rejects an empty admin token', () => {
    expect(() => new PlantStoreMockContainer().withAdminToken('')).toThrow(/admin token must not be empty/);
  });

  it('rejects no documents and a base path that is no path', () => {
    expect(() => new PlantStoreMockContainer().withSpecs()).toThrow(/at least one document/);
    expect(() => new PlantStoreMockContainer().withSpecs({ base: 'billing', file: 'b.yaml' })).toThrow(RangeError);
  });

  it('rejects no overlays and an overlay file name with a comma', () => {
    expect(() => new PlantStoreMockContainer().withOverlays()).toThrow(/at least one overlay file/);
    expect(() => new PlantStoreMockContainer().withOverlays('a,b.yaml')).toThrow(/no comma/);
  });

  it('rejects a proxy URL the mock would refuse', () => {
    expect(() => new PlantStoreMockContainer().withProxy('ftp://example.com')).toThrow(/http:\/\/ or https:\/\//);
    expect(new PlantStoreMockContainer().withProxy('http://host.testcontainers.internal:8080/v1')).toBeInstanceOf(PlantStoreMockContainer);
  });

  it('chains, returning the same container for every option', () => {
    const container = new PlantStoreMockContainer('plantstore-mock:test');
    expect(container.withSeed(7).withTokens('secret').withScenario('slow').withLogLevel('warn')).toBe(container);
    expect(container.withStateful().withAdminToken('admin').withFlag('--journal-size', '50')).toBe(container);
    expect(container.withTls().withProxy('http://upstream:4010').withSpecs('a.yaml', { base: '/b', file: 'b.yaml' })).toBe(container);
    expect(container.withOverlays('a.yaml', 'b.yaml')).toBe(container);
  });
});
