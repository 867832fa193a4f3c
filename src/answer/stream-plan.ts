import type { DataGenerator } from '../generate/data-generator.js';
import type { JsonSchema } from '../json/json-schema.js';
import type { BodyChunk } from '../mock-response.js';
import type { MockContent, MockExample } from '../openapi/operation.js';
import {
  closingText,
  type ExampleSequence,
  exampleSequence,
  frameItem,
  itemSchemaOf,
  type SequentialKind,
  toSseEvent,
} from '../openapi/sequential-media.js';
import { frameSseEvent, type SseEvent } from '../openapi/sse-text.js';
import type { SelectedBody } from '../provenance.js';

const NO_ITEMS: ExampleSequence = { items: [], terminal: undefined };

/** Items of a stream nobody sized: a few, so the default stream ends in about a second. */
export const DEFAULT_STREAM_COUNT = 5;
/** How long a default stream lasts in all, spread over its items. */
const DEFAULT_STREAM_MS = 1000;
/** The most items one stream sends, and the longest pause between two: every stream ends. */
export const MAX_STREAM_COUNT = 10_000;
export const MAX_STREAM_INTERVAL_MS = 60_000;
/** The longest a stream may take in all, as its pauses add up: a stream asked to last longer is refused. */
export const MAX_STREAM_MS = 600_000;

/** How a sequential representation is streamed: made once per representation, on first use. */
export interface StreamPlan {
  readonly kind: SequentialKind;
  /** The examples that read as sequences, by name, in the document's order. */
  readonly sequences: ReadonlyMap<string, ExampleSequence>;
  /** What generated items are made from, when the document describes an item. */
  readonly itemSchema: JsonSchema | undefined;
  /** SSE: the events may carry an `id` the mock numbers (the item schema does not forbid one). */
  readonly numbersIds: boolean;
  /**
   * SSE: a generated event's `id` is the mock's to choose (the item schema leaves it a free string), so
   * the mock numbers it by position too: a stream resumes after it without making the items before it.
   */
  readonly ownsIds: boolean;
}

/** What a request asked of a stream (`Prefer: stream-count, stream-interval`, `Last-Event-ID`). */
export interface StreamSteer {
  readonly count?: number;
  readonly intervalMs?: number;
  readonly seed?: number;
  readonly example?: string;
  readonly dynamic: boolean;
  readonly lastEventId?: string;
}

export function planStream(kind: SequentialKind, content: MockContent, examples: readonly MockExample[]): StreamPlan {
  const sequences = new Map<string, ExampleSequence>();
  for (const example of examples) {
    const sequence = exampleSequence(kind, example.value);
    if (sequence) sequences.set(example.name, sequence);
  }
  const itemSchema = itemSchemaOf(kind, content.schema, content.itemSchema);
  const numbersIds = kind === 'sse' && allowsId(itemSchema);
  return { kind, sequences, itemSchema, numbersIds, ownsIds: numbersIds && freeId(itemSchema) };
}

/**
 * The chunks of one streamed answer and where its items came from: a named example's sequence, items
 * generated from the item schema (item i from seed + i, so the same seed, asked for or drawn from the
 * server's generator and journalled, gives the same stream), or the first example's sequence, cycled
 * to the count asked for; then the terminal item. `fallback` is the whole-body answer, sent as the one item when nothing describes an item.
 */
export function streamAnswer(
  plan: StreamPlan,
  steer: StreamSteer,
  generator: DataGenerator,
  fallback: () => unknown,
): { readonly chunks: AsyncIterable<BodyChunk>; readonly made: SelectedBody } {
  const kind = plan.kind;
  const named = steer.example === undefined ? undefined : plan.sequences.get(steer.example);
  const [firstName, first] = plan.sequences.entries().next().value ?? [undefined, undefined];
  const generate = plan.itemSchema !== undefined && named === undefined && (steer.dynamic || first === undefined);
  const fromSchema = !generate && named === undefined && first === undefined;
  const sequence = generate ? undefined : (named ?? first ?? exampleSequence(kind, fallback()) ?? NO_ITEMS);
  const count = Math.min(steer.count ?? sequence?.items.length ?? DEFAULT_STREAM_COUNT, MAX_STREAM_COUNT);
  const asked = steer.intervalMs ?? Math.round(DEFAULT_STREAM_MS / Math.max(count, 1));
  const intervalMs = Math.min(asked, MAX_STREAM_INTERVAL_MS, Math.floor(MAX_STREAM_MS / Math.max(count, 1)));
  // Without a seed asked for, each generated stream is a new one (the server's `--seed` makes them reproducible).
  const seed = steer.seed ?? (generate ? generator.drawSeed() : 0);
  const schema = plan.itemSchema as JsonSchema;
  const numbers = plan.numbersIds;
  let frame: (i: number) => string;
  let idOf: (i: number) => string | undefined;
  /** Where an id the document gave first appears in the stream (a sequence's own ids). */
  let placed: (id: string) => number | undefined = () => undefined;
  if (sequence) {
    const frames = framesOf(kind, sequence, numbers);
    const length = Math.max(frames.length, 1);
    frame = (i) => {
      const framed = frames[i % length] as Framed;
      return typeof framed === 'string' ? framed : `${framed.head}id: ${i + 1}\n${framed.tail}`;
    };
    idOf = (i) => {
      const framed = frames[i % length];
      return framed === undefined ? undefined : typeof framed === 'string' ? (sequence.items[i % length] as SseEvent).id : String(i + 1);
    };
    const ids = kind === 'sse' ? idsOf(sequence) : undefined;
    placed = (id) => {
      const at = ids?.get(id);
      return at !== undefined && at < count ? at : undefined;
    };
  } else {
    const owns = plan.ownsIds;
    const item = (i: number): unknown => {
      const value = generator.generate(schema, seed + i);
      if (kind !== 'sse') return value;
      const event = toSseEvent(value);
      return numbers && (owns || event.id === undefined) && event.data !== undefined ? { ...event, id: String(i + 1) } : event;
    };
    frame = (i) => frameItem(kind, item(i));
    idOf = (i) => (item(i) as SseEvent).id;
  }
  const terminal = sequence?.terminal;
  const made: SelectedBody = {
    kind: 'stream',
    from: generate
      ? { kind: 'generated', dynamic: true, seed }
      : fromSchema
        ? { kind: 'generated', dynamic: false }
        : { kind: 'example', name: steer.example ?? (firstName as string) },
    items: count,
    intervalMs,
  };
  const start = kind === 'sse' && steer.lastEventId !== undefined ? resumeAt(steer.lastEventId, count, idOf, placed) : 0;
  return { chunks: chunksOf(kind, start, count, intervalMs, frame, terminal), made };
}

/**
 * Where a stream resumes after `lastEventId`: after the event the mock numbered with it (its position,
 * checked by making that one item), or after the first event the document gave that id; else from the
 * start. Nothing is made for the items skipped, so a resumption near the end of a long stream is as
 * cheap as one at its beginning.
 */
function resumeAt(
  lastEventId: string,
  count: number,
  idOf: (i: number) => string | undefined,
  placed: (id: string) => number | undefined,
): number {
  const own = placed(lastEventId);
  if (own !== undefined) return own + 1;
  if (!/^[1-9][0-9]{0,5}$/.test(lastEventId)) return 0;
  const position = Number(lastEventId);
  return position <= count && idOf(position - 1) === lastEventId ? position : 0;
}

async function* chunksOf(
  kind: SequentialKind,
  start: number,
  count: number,
  intervalMs: number,
  frame: (i: number) => string,
  terminal: unknown,
): AsyncGenerator<BodyChunk> {
  for (let i = start; i < count; i += 1) {
    const data = frame(i);
    yield i === start || intervalMs === 0 ? { data } : { data, delayMs: intervalMs };
  }
  if (terminal !== undefined) yield { data: frameItem(kind, terminal), delayMs: intervalMs };
  const closing = closingText(kind);
  if (closing !== '') yield { data: closing };
}

/** An item framed once: its text, or, for an SSE event the mock numbers, the text around its `id` line. */
type Framed = string | { readonly head: string; readonly tail: string };
const FRAMED = new WeakMap<ExampleSequence, readonly Framed[]>();

/** The items of a sequence framed once (a sequence is the document's, so the same for every stream). */
function framesOf(kind: SequentialKind, sequence: ExampleSequence, numbers: boolean): readonly Framed[] {
  let frames = FRAMED.get(sequence);
  if (!frames) {
    frames = sequence.items.map((item): Framed => {
      if (kind !== 'sse') return frameItem(kind, item);
      const event = item as SseEvent;
      if (!numbers || event.id !== undefined || event.data === undefined) return frameSseEvent(event);
      const { retry, data, ...head } = event;
      return { head: frameSseEvent(head).slice(0, -1), tail: frameSseEvent(retry === undefined ? { data } : { retry, data }) };
    });
    FRAMED.set(sequence, frames);
  }
  return frames;
}

const IDS = new WeakMap<ExampleSequence, ReadonlyMap<string, number>>();

/** The ids a sequence's events carry, each at its first position (a sequence is the document's: once). */
function idsOf(sequence: ExampleSequence): ReadonlyMap<string, number> {
  let ids = IDS.get(sequence);
  if (!ids) {
    const found = new Map<string, number>();
    sequence.items.forEach((item, i) => {
      const id = (item as SseEvent).id;
      if (id !== undefined && !found.has(id)) found.set(id, i);
    });
    ids = found;
    IDS.set(sequence, ids);
  }
  return ids;
}

/** Keywords that say what an `id` is without holding it to anything. */
const ANNOTATIONS = new Set(['type', 'title', 'description', 'examples', 'example', '$comment', 'deprecated', 'readOnly', 'writeOnly']);

/**
 * Whether the event schema leaves `id` free (absent, or a string or number held to no pattern, format,
 * length, range or list): then any id the mock chooses is valid, and it chooses the event's position.
 */
function freeId(schema: JsonSchema | undefined): boolean {
  if (schema === undefined) return true;
  const members = [schema.oneOf, schema.anyOf].find(Array.isArray) as JsonSchema[] | undefined;
  if (members) return members.every(freeId);
  const id = (schema.properties as Record<string, unknown> | undefined)?.id;
  if (id === undefined || id === true) return true;
  if (id === null || typeof id !== 'object') return false;
  const idSchema = id as JsonSchema;
  const type = idSchema.type;
  const types = Array.isArray(type) ? type : [type];
  // A position is a valid string, integer and number alike.
  return (
    types.some((t) => t === 'string' || t === 'integer' || t === 'number') && Object.keys(idSchema).every((key) => ANNOTATIONS.has(key))
  );
}

/** An event schema leaves room for `id` unless it lists its properties, closed, without one. */
function allowsId(schema: JsonSchema | undefined): boolean {
  if (schema === undefined) return true;
  const members = [schema.oneOf, schema.anyOf].find(Array.isArray) as JsonSchema[] | undefined;
  if (members) return members.every(allowsId);
  const properties = schema.properties as Record<string, unknown> | undefined;
  return schema.additionalProperties !== false || (properties !== undefined && 'id' in properties);
}
