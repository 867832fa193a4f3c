import { describe, expect, it } from 'vitest';
import type { DataGenerator } from '../generate/data-generator.js';
import type { JsonSchema } from '../json/json-schema.js';
import type { BodyChunk } from '../mock-response.js';
import type { MockContent } from '../openapi/operation.js';
import { parseSseText } from '../openapi/sse-text.js';
import { planStream, streamAnswer } from './stream-plan.js';

/** A generator that counts what it makes: an event whose `id` is a word, when the schema has one. */
function counting() {
  const made = { items: 0 };
  const generator = {
    generate: (_schema: JsonSchema, seed?: number) => {
      made.items += 1;
      return { event: 'tick', data: String(seed), id: `word-${seed}` };
    },
    drawSeed: () => 100,
  } as unknown as DataGenerator;
  return { generator, made };
}

async function text(chunks: AsyncIterable<BodyChunk>): Promise<string> {
  let all = '';
  for await (const chunk of chunks) all += String(chunk.data);
  return all;
}

const eventSchema = (id: JsonSchema) =>
  ({ type: 'object', required: ['event', 'data'], properties: { event: { type: 'string' }, data: { type: 'string' }, id } }) as JsonSchema;

const stream = (itemSchema: JsonSchema, lastEventId?: string, count = 10_000) => {
  const { generator, made } = counting();
  const plan = planStream('sse', { itemSchema } as unknown as MockContent, []);
  const answer = streamAnswer(plan, { count, intervalMs: 0, dynamic: true, lastEventId }, generator, () => null);
  return { answer, made };
};

describe('resuming a generated stream after Last-Event-ID', () => {
  it('numbers events whose id the schema leaves a free string, and resumes after one making only the items sent', async () => {
    const { answer, made } = stream(eventSchema({ type: 'string' }), '9998');
    const events = parseSseText(await text(answer.chunks));
    expect(events.map((e) => e.id)).toEqual(['9999', '10000']);
    // The id is checked by making that one item; nothing is made for the 9,997 skipped.
    expect(made.items).toBe(3);
  });

  it('starts over, without making the skipped items, after an id the stream never had', async () => {
    const { answer, made } = stream(eventSchema({ type: 'string' }), 'not-ours', 3);
    expect(parseSseText(await text(answer.chunks)).map((e) => e.id)).toEqual(['1', '2', '3']);
    expect(made.items).toBe(3);
    const far = stream(eventSchema({ type: 'string' }), '20000', 3);
    expect(parseSseText(await text(far.answer.chunks))).toHaveLength(3);
    expect(far.made.items).toBe(3);
  });

  it('keeps ids the schema holds to a pattern as generated, and never scans the stream for one', async () => {
    const { answer, made } = stream(eventSchema({ type: 'string', pattern: '^word-[0-9]+$' }), 'word-105', 10);
    const events = parseSseText(await text(answer.chunks));
    expect(events[0]?.id).toBe('word-100');
    expect(made.items).toBe(10);
  });
});

describe('resuming an example stream after Last-Event-ID', () => {
  const content = { itemSchema: eventSchema({ type: 'string' }) } as unknown as MockContent;
  const examples = [{ name: 'feed', value: 'id: a\ndata: 1\n\nid: b\ndata: 2\n\ndata: 3\n\n' }];

  it("resumes after the document's own id, or after the position the mock numbered", async () => {
    const plan = planStream('sse', content, examples as never);
    const { generator } = counting();
    const resumed = (lastEventId: string) =>
      text(streamAnswer(plan, { count: 5, intervalMs: 0, dynamic: false, lastEventId }, generator, () => null).chunks).then((t) =>
        parseSseText(t).map((e) => e.id),
      );
    expect(await resumed('a')).toEqual(['b', '3', 'a', 'b']);
    expect(await resumed('3')).toEqual(['a', 'b']);
    expect(await resumed('4')).toEqual(['a', 'b', '3', 'a', 'b']);
  });
});
