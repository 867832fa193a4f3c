import type { MockWire } from './mock-wire.js';
import { DocumentReader, type OperationInfo } from './openapi-reader.js';
import { admin, adminJson, invalidArguments, queryOf, ToolFailure } from './tool-kit.js';

export interface ServedDocument {
  readonly name: string;
  readonly base: string;
  readonly title: string;
}

/**
 * The documents a mock serves, read through the admin API (`/__mock/health`, `/__mock/document/source`)
 * and parsed once per text: a `--watch` reload is seen on the next call.
 */
export class Documents {
  readonly #readers = new Map<string, { text: string; reader: DocumentReader }>();

  constructor(readonly wire: MockWire) {}

  async list(): Promise<ServedDocument[]> {
    const health = await adminJson(this.wire, 'GET', '/health');
    const documents = Array.isArray(health.documents) ? (health.documents as Record<string, unknown>[]) : [];
    return documents.map((d) => ({ name: String(d.name), base: String(d.base ?? '/'), title: String(d.title ?? '') }));
  }

  /** The document's text as served, and its media type. */
  async source(name: string | undefined): Promise<{ text: string; mimeType: string }> {
    const answer = await admin(this.wire, 'GET', `/document/source${queryOf({ spec: name })}`);
    return { text: answer.body, mimeType: (answer.headers['content-type'] ?? 'text/plain').split(';')[0] ?? 'text/plain' };
  }

  async reader(name: string | undefined): Promise<DocumentReader> {
    const { text } = await this.source(name);
    const key = name ?? '';
    const known = this.#readers.get(key);
    if (known?.text === text) return known.reader;
    const reader = new DocumentReader(text);
    this.#readers.set(key, { text, reader });
    return reader;
  }

  /** An operation by operationId, or by `METHOD /path` as written in the document. */
  async find(spec: string | undefined, wanted: string): Promise<{ reader: DocumentReader; operation: OperationInfo }> {
    const reader = await this.reader(spec);
    const byMethodPath = /^([A-Za-z]+)\s+(\S+)$/.exec(wanted.trim());
    const operation =
      reader.operations.find((op) => op.operationId === wanted) ??
      (byMethodPath
        ? reader.operations.find((op) => op.method === byMethodPath[1]?.toUpperCase() && op.path === byMethodPath[2])
        : undefined);
    if (!operation) {
      const known = reader.operations.slice(0, 20).map((op) => op.operationId ?? `${op.method} ${op.path}`);
      throw new ToolFailure(
        'NOT_FOUND',
        `No operation "${wanted.slice(0, 200)}" in the document; give an operationId or "METHOD /path" (such as ${known.join(', ')})`,
        404,
      );
    }
    return { reader, operation };
  }
}

export function operationArgument(args: Record<string, unknown>): string {
  const wanted = args.operation;
  if (typeof wanted !== 'string' || wanted === '') throw invalidArguments('"operation" must be an operationId or "METHOD /path"');
  return wanted;
}
