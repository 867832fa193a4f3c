import { describe, expect, it } from 'vitest';
import { resourceNoun } from './resource-noun.js';

describe('resourceNoun', () => {
  it.each([
    ['/plants', 'plant'],
    ['/plants/{id}', 'plant'],
    ['/owners/{ownerId}/pet-photos', 'pet photo'],
    ['/categories', 'category'],
    ['/addresses/{id}', 'address'],
    ['/boxes', 'box'],
    ['/userAccounts', 'user account'],
    ['/status', 'status'],
    ['/data', 'data'],
    ['/{id}', 'resource'],
    ['/', 'resource'],
  ])('%s names its records "%s"', (path, noun) => {
    expect(resourceNoun(path)).toBe(noun);
  });
});
