import { describe, expect, it } from 'vitest';
import { createAndDeleteUnderNewParents, NESTED, putEmptyCollections, SMALL_BUDGET } from '../support/empty-collections.js';
import { closeServersAfterEach, mockServer } from '../support/servers.js';

closeServersAfterEach();

describe('empty collections are bounded: charged while they exist, or not kept', () => {
  it('children created and deleted under ever-new parents are charged, so --max-state-bytes ends them', async () => {
    const server = await mockServer({ spec: NESTED, stateful: true, maxStateBytes: SMALL_BUDGET });
    const fitted = await createAndDeleteUnderNewParents([server], 's');
    expect(fitted).toBeGreaterThan(5);
    expect(fitted).toBeLessThan(40);
    // Another session has its own budget.
    expect(await createAndDeleteUnderNewParents([server], 't')).toBe(fitted);
  });

  it('PUT /__mock/state of empty collections keeps none of them', async () => {
    const server = await mockServer({ spec: NESTED, stateful: true, maxStateBytes: SMALL_BUDGET });
    await putEmptyCollections([server], 's');
    expect(await createAndDeleteUnderNewParents([server], 's')).toBeGreaterThan(5);
  });
});
