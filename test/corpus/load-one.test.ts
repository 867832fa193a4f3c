import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadOne } from '../../scripts/conformance/load-one.js';

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));

describe('the load sweep of real documents, one document', () => {
  it('counts a document as loaded once the CLI listens and answers', async () => {
    const outcome = await loadOne(fixture('pets.yaml'), 30_000);
    expect(outcome.kind).toBe('loaded');
    expect(outcome.ms).toBeGreaterThan(0);
  });

  it("counts a document the CLI refuses as refused, with the CLI's one line", async () => {
    const outcome = await loadOne(fixture('not-openapi.yaml'), 30_000);
    expect(outcome).toMatchObject({ kind: 'refused', line: expect.stringMatching(/is not an OpenAPI document/) });
  });

  it("counts a document stopped by the start-up bound as slow, with the bound's line", async () => {
    const outcome = await loadOne(fixture('pets.yaml'), 1);
    expect(outcome).toMatchObject({ kind: 'slow', line: expect.stringMatching(/start-up took longer than/) });
  });
});
