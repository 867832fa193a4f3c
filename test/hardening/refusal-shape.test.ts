import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { closeServersAfterEach, mockServer } from '../support/servers.js';

closeServersAfterEach();

// Like Custom Vision's document: every operation's errors are one `default` response of the vendor's shape.
const DOCUMENT = `
openapi: 3.0.0
info: {title: vendor errors, version: '1'}
paths:
  /projects/{projectId}/images:
    get:
      parameters:
        - {name: projectId, in: path, required: true, schema: {type: string}}
        - {name: tagIds, in: query, schema: {type: string}}
      responses:
        '200': {description: OK, content: {application/json: {schema: {type: object}}}}
        default:
          description: Error
          content:
            application/json:
              schema:
                type: object
                required: [code, message]
                properties:
                  code: {type: string, enum: [BadRequest, NotFound, Unknown]}
                  message: {type: string}
`;

function documentFile(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'refusal-shape-')), 'vendor.yaml');
  writeFileSync(file, DOCUMENT);
  return file;
}

describe('a URL over --max-url-length', () => {
  it("is refused with 414 in the document's error shape where its path routes", async () => {
    const server = await mockServer({ spec: documentFile(), maxUrlLength: 200 });
    const response = await server.inject({ method: 'GET', url: `/projects/p1/images?tagIds=${'a'.repeat(300)}` });
    expect(response.statusCode).toBe(414);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['code', 'message']);
    expect(['BadRequest', 'NotFound', 'Unknown']).toContain(body.code);
    expect(body.message).toBe('The request URL is longer than the limit of 200 characters');
  });

  it("is refused in the catalogue's shape where nothing routes", async () => {
    const server = await mockServer({ spec: documentFile(), maxUrlLength: 200 });
    const response = await server.inject({ method: 'GET', url: `/elsewhere?q=${'a'.repeat(300)}` });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ error: 41401, message: 'The request URL is longer than the limit of 200 characters' });
  });
});
