import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A small document whose operations carry the mock's own extensions: `x-mock-delay` and `x-mock-validate`. */
export function extensionsSpec(): string {
  const dir = mkdtempSync(join(tmpdir(), 'serve-spec-'));
  const path = join(dir, 'spec.yaml');
  writeFileSync(
    path,
    `openapi: 3.0.3
info: { title: Extensions, version: 1.0.0 }
paths:
  /slow:
    get:
      operationId: slow
      x-mock-delay: 150
      responses:
        '200': { description: ok, content: { application/json: { schema: { type: object, properties: { ok: { type: boolean } } }, example: { ok: true } } } }
  /lenient:
    post:
      operationId: lenient
      x-mock-validate: false
      requestBody:
        required: true
        content: { application/json: { schema: { type: object, required: [name], properties: { name: { type: string } } } } }
      responses:
        '201': { description: made, content: { application/json: { schema: { type: object, properties: { name: { type: string } } } } } }
  /strict:
    post:
      operationId: strict
      requestBody:
        required: true
        content: { application/json: { schema: { type: object, required: [name], properties: { name: { type: string } } } } }
      responses:
        '201': { description: made, content: { application/json: { schema: { type: object, properties: { name: { type: string } } } } } }
`,
  );
  return path;
}
