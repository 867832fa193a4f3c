import { isJsonObject } from '../json/json-object.js';
import type { JsonSchema } from '../json/json-schema.js';
import { parseJson } from '../json/parse-json.js';
import { stringifyJson } from '../json/stringify-json.js';
import { essenceOf } from './media-type.js';
import { MULTIPART_BOUNDARY } from './serialise-body.js';
import { frameSseEvent, parseSseText, type SseEvent } from './sse-text.js';

/** The sequential media types the mock streams: each item of the body goes out as it is made. */
export type SequentialKind = 'sse' | 'jsonl' | 'json-seq' | 'multipart-mixed';

const KINDS: Readonly<Record<string, SequentialKind>> = {
  'text/event-stream': 'sse',
  'application/jsonl': 'jsonl',
  'application/x-ndjson': 'jsonl',
  'application/x-jsonlines': 'jsonl',
  'application/json-seq': 'json-seq',
  'multipart/mixed': 'multipart-mixed',
};

export function sequentialKind(mediaType: string): SequentialKind | undefined {
  return KINDS[essenceOf(mediaType)];
}

/** The bytes of one item: an SSE event, a JSON text line (RFC 7464 for json-seq), a multipart part. */
export function frameItem(kind: SequentialKind, item: unknown): string {
  switch (kind) {
    case 'sse':
      return frameSseEvent(item as SseEvent);
    case 'jsonl':
      return `${stringifyJson(item)}\n`;
    case 'json-seq':
      return `\x1e${stringifyJson(item)}\n`;
    case 'multipart-mixed':
      return `--${MULTIPART_BOUNDARY}\r\nContent-Type: application/json\r\n\r\n${stringifyJson(item)}\r\n`;
  }
}

/** What closes the body after the last item (the multipart close delimiter), if anything. */
export function closingText(kind: SequentialKind): string {
  return kind === 'multipart-mixed' ? `--${MULTIPART_BOUNDARY}--\r\n` : '';
}

/** An example read as a sequence of items, and the item that ends every stream (`[DONE]`), when it shows one. */
export interface ExampleSequence {
  readonly items: readonly unknown[];
  readonly terminal: unknown;
}

/**
 * An example as a sequence: an SSE text split into its events, a JSON Lines (or json-seq) text split
 * into its values, or a list of items; undefined when it is none of these (a text that is not JSON
 * Lines, say). The last SSE event is the terminal one when its data is a sentinel (`[DONE]`) or the
 * only one that is not JSON.
 */
export function exampleSequence(kind: SequentialKind, value: unknown): ExampleSequence | undefined {
  if (kind === 'sse') {
    const events = typeof value === 'string' ? parseSseText(value) : Array.isArray(value) ? value.map(toSseEvent) : [toSseEvent(value)];
    if (events.length === 0) return undefined;
    const last = events[events.length - 1] as SseEvent;
    const isTerminal =
      events.length > 1 &&
      last.data !== undefined &&
      (SENTINEL.test(last.data) || (!isJsonText(last.data) && events.slice(0, -1).some((e) => e.data !== undefined && isJsonText(e.data))));
    return isTerminal ? { items: events.slice(0, -1), terminal: last } : { items: events, terminal: undefined };
  }
  if (Array.isArray(value)) return { items: value, terminal: undefined };
  if (typeof value !== 'string') return value === undefined ? undefined : { items: [value], terminal: undefined };
  const items: unknown[] = [];
  const lines = kind === 'json-seq' ? value.replaceAll(RECORD_SEPARATOR, '\n').split('\n') : value.split(/\r?\n/);
  for (const line of lines) {
    if (line.trim() === '') continue;
    const parsed = parseJson(line.trim());
    if (!parsed.ok) return undefined;
    items.push(parsed.value);
  }
  return items.length > 0 ? { items, terminal: undefined } : undefined;
}

const RECORD_SEPARATOR = String.fromCharCode(0x1e);
const SENTINEL = /^\s*\[[A-Z][A-Z_ ]*\]\s*$/;

function isJsonText(text: string): boolean {
  const trimmed = text.trim();
  return (trimmed.startsWith('{') || trimmed.startsWith('[')) && parseJson(trimmed).ok;
}

/** A value as an SSE event: an object with event fields is one; anything else is the data of one. */
export function toSseEvent(value: unknown): SseEvent {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const fields = value as Record<string, unknown>;
    if (['event', 'data', 'id', 'retry', 'comment'].some((key) => key in fields)) {
      const event: { event?: string; data?: string; id?: string; retry?: number; comment?: string } = {};
      if (typeof fields.comment === 'string') event.comment = fields.comment;
      if (fields.event !== undefined && fields.event !== null) event.event = String(fields.event);
      if (fields.data !== undefined) event.data = typeof fields.data === 'string' ? fields.data : stringifyJson(fields.data);
      if (fields.id !== undefined && fields.id !== null) event.id = String(fields.id);
      if (typeof fields.retry === 'number' && Number.isFinite(fields.retry)) event.retry = fields.retry;
      return event;
    }
  }
  return { data: typeof value === 'string' ? value : stringifyJson(value) };
}

/**
 * The schema each item is generated from: the document's `itemSchema` (OpenAPI 3.2), else what a 3.0
 * or 3.1 schema implies: for SSE an event object (or a `oneOf`/`anyOf` of them) with a `data` field,
 * whose data, when it says `contentSchema`, is generated from that and sent as JSON text; for the
 * others the `items` of an array schema, else the schema itself. Undefined when nothing describes an item.
 */
export function itemSchemaOf(
  kind: SequentialKind,
  schema: JsonSchema | undefined,
  itemSchema: JsonSchema | undefined,
): JsonSchema | undefined {
  if (kind !== 'sse') {
    const chosen = itemSchema ?? (schema?.type === 'array' && isJsonObject(schema.items) ? schema.items : schema);
    return chosen;
  }
  const chosen = itemSchema ?? (schema !== undefined && describesEvents(schema) ? schema : undefined);
  return chosen === undefined ? undefined : withContentSchemas(chosen);
}

function describesEvents(schema: JsonSchema): boolean {
  const alternatives = [schema.oneOf, schema.anyOf].find(Array.isArray) as unknown[] | undefined;
  if (alternatives) return alternatives.length > 0 && alternatives.every((member) => isJsonObject(member) && hasDataField(member));
  return hasDataField(schema);
}

function hasDataField(schema: JsonSchema): boolean {
  return isJsonObject(schema.properties) && isJsonObject(schema.properties.data);
}

/** The event schema with each `data` field's `contentSchema` standing in for its string. */
function withContentSchemas(schema: JsonSchema): JsonSchema {
  const alternatives = ['oneOf', 'anyOf'].find((key) => Array.isArray(schema[key]));
  if (alternatives)
    return { ...schema, [alternatives]: (schema[alternatives] as unknown[]).map((m) => (isJsonObject(m) ? withContentSchemas(m) : m)) };
  const properties = schema.properties;
  if (!isJsonObject(properties) || !isJsonObject(properties.data) || !isJsonObject(properties.data.contentSchema)) return schema;
  return { ...schema, properties: { ...properties, data: properties.data.contentSchema } };
}
