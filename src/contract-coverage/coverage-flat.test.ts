import { describe, expect, it } from 'vitest';
import type { MockOperation } from '../openapi/operation.js';
import type { Exchange } from '../pipeline/types.js';
import { MAX_DRIFT_MESSAGES } from './coverage-counts.js';
import { absorbFlat, capDriftMessages, type FlatCounts, flattenTally } from './coverage-flat.js';
import { CoverageModel } from './coverage-model.js';
import { coverageReport } from './coverage-report.js';

const operation = {
  id: 'createThing',
  method: 'POST',
  path: '/things',
  requestBody: {
    required: true,
    contents: [{ mediaType: 'application/json', schema: { type: 'object', properties: { a: {}, b: {} } }, examples: [] }],
  },
  responses: [
    { code: '201', contents: [{ mediaType: 'application/json', schema: undefined, examples: [] }] },
    { code: 'default', contents: [] },
  ],
  engine: {},
} as unknown as MockOperation;

const exchange = (session: string | undefined, body: unknown, status = 201): Exchange => ({
  method: 'POST',
  path: '/things',
  query: {},
  headers: {},
  rawBody: undefined,
  operation,
  body,
  session: { id: session },
  answer: { provenance: { kind: 'echo' }, response: { status, headers: { 'content-type': 'application/json' }, body: {} } },
});

const model = () => new CoverageModel({ operations: [operation], maxSessions: 10, sessionIdleMs: 60_000 });

describe('coverage as flat counters (what replicas add up in a shared store)', () => {
  it('two replicas counted apart and added up report what one counting everything reports', () => {
    const one = model();
    const [a, b] = [model(), model()];
    const sent: [string | undefined, unknown, number][] = [
      ['s1', { a: 1 }, 201],
      [undefined, { b: 2 }, 201],
      ['s1', {}, 418],
    ];
    sent.forEach(([session, body, status], i) => {
      one.record(exchange(session, body, status), status);
      (i % 2 === 0 ? a : b).record(exchange(session, body, status), status);
    });
    one.recordCallback('createThing', 'onDone', 'on-contract');
    a.recordCallback('createThing', 'onDone', 'on-contract');
    const overall: FlatCounts = new Map();
    const s1: FlatCounts = new Map();
    for (const replica of [a, b]) {
      flattenTally(replica.tallyOf(), overall, replica);
      const slice = replica.tally('s1');
      if (slice) flattenTally(slice, s1);
    }
    const fleet = model();
    absorbFlat(fleet, overall);
    absorbFlat(fleet, s1, 's1');
    expect(coverageReport(fleet)).toEqual(coverageReport(one));
    expect(coverageReport(fleet, 's1')).toEqual(coverageReport(one, 's1'));
    expect(fleet.callbackOutcomes('createThing', 'onDone')).toEqual(new Map([['on-contract', 1]]));
  });

  it('skips counters of operations the document does not have', () => {
    const fleet = model();
    absorbFlat(fleet, new Map([['o\tgone\tq', 3]]));
    expect(coverageReport(fleet).summary.requests).toBe(0);
  });
});

describe("a replica's drift messages sent to the store", () => {
  it('stay within the bound one model keeps, however many batches name new ones', () => {
    const sent = new Map<string, Set<string>>();
    const stored = new Set<string>();
    // Each 50 ms batch is counted by a new model: every batch may hold 20 messages never seen before.
    for (let batch = 0; batch < 50; batch += 1) {
      const fields: FlatCounts = new Map([['o\tgetPlants\tpa', 20]]);
      for (let i = 0; i < MAX_DRIFT_MESSAGES; i += 1) fields.set(`o\tgetPlants\tpm\tbody\t/items/${batch * 20 + i}: must be string`, 1);
      for (const field of capDriftMessages(fields, sent).keys()) stored.add(field);
    }
    expect([...stored].filter((field) => field.includes('\tpm\t'))).toHaveLength(MAX_DRIFT_MESSAGES);
    expect(stored.has('o\tgetPlants\tpa')).toBe(true);
    // A message already sent keeps counting.
    const again: FlatCounts = new Map([['o\tgetPlants\tpm\tbody\t/items/0: must be string', 3]]);
    expect(capDriftMessages(again, sent).get('o\tgetPlants\tpm\tbody\t/items/0: must be string')).toBe(3);
  });
});
