import type { FormEncoding } from './form-fields.js';

type Node = Record<string, unknown>;

/** Swagger 2.0's collectionFormat as the style of an OpenAPI 3 encoding; csv is the default. */
const STYLES: Readonly<Record<string, FormEncoding>> = {
  csv: { property: '', style: 'commaDelimited', explode: false },
  ssv: { property: '', style: 'spaceDelimited', explode: false },
  tsv: { property: '', style: 'tabDelimited', explode: false },
  pipes: { property: '', style: 'pipeDelimited', explode: false },
  multi: { property: '', style: 'form', explode: true },
};

const FORMS = ['application/x-www-form-urlencoded', 'multipart/form-data'];

const isNode = (value: unknown): value is Node => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Prism's Swagger 2.0 reader writes an encoding for a `formData` array only when its collectionFormat is
 * written out (and none for tsv), so the default, csv, reads as OpenAPI 3's repeated field. Every
 * array `formData` parameter of the (one-operation, resolved) document gets its encoding on the
 * form contents of Prism's operation, which form-body.ts reads.
 */
export function withFormCollectionFormats(operation: unknown, document: Node): unknown {
  const contents = (operation as { request?: { body?: { contents?: unknown } } } | undefined)?.request?.body?.contents;
  const forms = Array.isArray(contents) ? (contents as Node[]).filter((c) => FORMS.includes(String(c.mediaType).toLowerCase())) : [];
  if (forms.length === 0) return operation;
  const encodings = formArrays(document, String((operation as Node).path), String((operation as Node).method));
  if (encodings.length === 0) return operation;
  const named = new Set(encodings.map((e) => e.property));
  for (const form of forms) {
    const kept = Array.isArray(form.encodings) ? (form.encodings as FormEncoding[]).filter((e) => !named.has(e.property)) : [];
    form.encodings = [...kept, ...encodings];
  }
  return operation;
}

function formArrays(document: Node, path: string, method: string): FormEncoding[] {
  const item = isNode(document.paths) ? document.paths[path] : undefined;
  if (!isNode(item)) return [];
  const operation = item[method.toLowerCase()];
  const lists = [item.parameters, isNode(operation) ? operation.parameters : undefined];
  const byName = new Map<string, FormEncoding>();
  for (const list of lists) {
    if (!Array.isArray(list)) continue;
    for (const parameter of list) {
      if (!isNode(parameter) || parameter.in !== 'formData' || parameter.type !== 'array' || typeof parameter.name !== 'string') continue;
      const format = typeof parameter.collectionFormat === 'string' ? parameter.collectionFormat : 'csv';
      byName.set(parameter.name, { ...(STYLES[format] ?? STYLES.csv), property: parameter.name });
    }
  }
  return [...byName.values()];
}
