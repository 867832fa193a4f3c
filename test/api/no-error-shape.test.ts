import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { closeServersAfterEach, mockServer } from '../support/servers.js';

closeServersAfterEach();

const spec = new URL('./fixtures/no-error-shape.yaml', import.meta.url).pathname;

/** The overlay docs/openapi-support.md gives, as written there. */
function documentedOverlay(): string {
  const page = readFileSync(new URL('../../docs/openapi-support.md', import.meta.url), 'utf8');
  const block = /<!-- recipe: ran by test\/api\/no-error-shape\.test\.ts -->\n```yaml\n([\s\S]*?)```/.exec(page)?.[1];
  if (block === undefined) throw new Error('the overlay block is gone from docs/openapi-support.md');
  const file = join(mkdtempSync(join(tmpdir(), 'no-error-shape-')), 'openai-errors.yaml');
  writeFileSync(file, block);
  return file;
}
const invalid = { method: 'POST' as const, url: '/completions', headers: { 'content-type': 'application/json' }, payload: '{"model": 5}' };

describe('a document that documents no error (openai`s APIs.guru copy)', () => {
  it('answers a rejection in the catalogue`s shape, guessing no vendor`s', async () => {
    const server = await mockServer({ spec });
    const response = await server.inject(invalid);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 40001, message: 'Invalid request: body.model must be string' });
  });

  it('answers in the vendor`s shape once an overlay documents it', async () => {
    const server = await mockServer({ spec, overlays: [documentedOverlay()] });
    const response = await server.inject(invalid);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { message: 'Invalid request: body.model must be string', type: 'invalid_request_error', param: null, code: null },
    });
  });
});
