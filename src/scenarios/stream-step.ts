import type { BodyChunk, MockResponse } from '../mock-response.js';
import { findResponse } from '../openapi/find-response.js';
import type { MockOperation } from '../openapi/operation.js';
import { closingText, frameItem, itemSchemaOf, type SequentialKind, sequentialKind, toSseEvent } from '../openapi/sequential-media.js';
import { checkDocumentValue } from '../prism/prism-engine.js';
import type { StreamStep } from './scenario-types.js';

/**
 * A step's stream: its own items (each framed as the answer's media type says) or the default answer's,
 * then stopped or broken after as many items as the step says. A broken stream's source fails, which
 * cuts the connection (see src/http/send-stream.ts): the client sees a body that ends mid-way.
 */
export function scriptedStream(step: StreamStep, response: MockResponse): MockResponse {
  const kind = sequentialKind(response.headers['content-type'] ?? '');
  if (kind === undefined || response.stream === undefined) return response;
  const source = step.items === undefined ? response.stream : ownItems(kind, step);
  const limit = Math.min(step.stopAfter ?? Number.POSITIVE_INFINITY, step.breakAfter ?? Number.POSITIVE_INFINITY);
  if (limit === Number.POSITIVE_INFINITY) return { ...response, stream: source };
  const breaks = step.breakAfter !== undefined && step.breakAfter <= (step.stopAfter ?? Number.POSITIVE_INFINITY);
  return { ...response, stream: cut(source, limit, breaks ? undefined : closingText(kind)) };
}

async function* ownItems(kind: SequentialKind, step: StreamStep): AsyncGenerator<BodyChunk> {
  const items = step.items ?? [];
  for (const [i, { item, delayMs }] of items.entries()) {
    const data = frameItem(kind, kind === 'sse' ? toSseEvent(item) : item);
    const wait = delayMs ?? (i === 0 ? 0 : (step.intervalMs ?? 0));
    yield wait > 0 ? { data, delayMs: wait } : { data };
  }
  const closing = closingText(kind);
  if (closing !== '') yield { data: closing };
}

/** The first `limit` items, then the end (with `closing`), or, without a closing, a failure that cuts the connection. */
async function* cut(source: AsyncIterable<BodyChunk>, limit: number, closing: string | undefined): AsyncGenerator<BodyChunk> {
  let sent = 0;
  if (limit > 0) {
    for await (const chunk of source) {
      yield chunk;
      sent += 1;
      if (sent >= limit) break;
    }
  }
  if (closing === undefined) throw new StreamBroken();
  if (closing !== '') yield { data: closing };
}

/** The failure a scripted break raises on purpose: not a bug. */
class StreamBroken extends Error {
  constructor() {
    super('stream broken by a scenario step');
  }
}

/**
 * Whether a stream step fits the contract: the status it answers must stream (a sequential media type),
 * and each of its items must fit the document's item schema. Returns the violation, or undefined.
 */
export function checkStreamStep(step: StreamStep, operation: MockOperation, status: number): string | undefined {
  const response = findResponse(operation, status);
  const content = response?.contents.find((c) => sequentialKind(c.mediaType) !== undefined);
  if (!content)
    return `response ${status} of ${operation.id} has no sequential media type (text/event-stream, application/jsonl, ...) to stream`;
  const kind = sequentialKind(content.mediaType) as SequentialKind;
  const schema = itemSchemaOf(kind, content.schema, content.itemSchema);
  if (schema === undefined || step.items === undefined) return undefined;
  for (const [i, { item }] of step.items.entries()) {
    // A comment alone is a heartbeat: framing, not an event the schema describes.
    if (kind === 'sse' && isHeartbeat(item)) continue;
    const problems = checkDocumentValue(schema, kind === 'sse' ? eventValue(item) : item, content.schema?.__bundled__);
    if (problems.length > 0) return `stream item ${i + 1}: ${problems.slice(0, 3).join('; ')}`;
  }
  return undefined;
}

/** An SSE item as its schema describes it: data written as JSON text is checked as the value it holds. */
function eventValue(item: unknown): unknown {
  if (item === null || typeof item !== 'object' || Array.isArray(item)) return item;
  const event = item as Record<string, unknown>;
  if (typeof event.data !== 'string') return item;
  try {
    return { ...event, data: JSON.parse(event.data) };
  } catch {
    return item;
  }
}

function isHeartbeat(item: unknown): boolean {
  return item !== null && typeof item === 'object' && Object.keys(item).every((key) => key === 'comment');
}
