import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { harTraffic } from './har-traffic.js';
import { postmanTraffic } from './postman-traffic.js';

const V21 = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';
/** Values of any JSON shape, often where the readers look. */
const json = fc.jsonValue({ maxDepth: 4 });
const item = fc.record(
  {
    name: json,
    request: fc.oneof(json, fc.record({ method: json, url: json, header: json, body: json }, { requiredKeys: [] })),
    response: fc.oneof(json, fc.array(fc.record({ code: json, header: json, body: json, originalRequest: json }, { requiredKeys: [] }))),
    item: json,
  },
  { requiredKeys: [] },
);

describe('the traffic readers', () => {
  it('answer exchanges or one line for any Postman-looking value, never throw', () => {
    fc.assert(
      fc.property(fc.array(item, { maxLength: 4 }), json, json, (items, auth, variable) => {
        const read = postmanTraffic({ info: { name: 'x', schema: V21 }, item: items, auth, variable });
        if (typeof read === 'string') expect(read).not.toContain('\n');
        else for (const one of read) expect(typeof one.path).toBe('string');
      }),
      { numRuns: 300 },
    );
  });

  it('answer exchanges or one line for any HAR-looking value, never throw', () => {
    const entry = fc.record(
      { startedDateTime: json, time: json, request: json, response: json, cache: json, timings: json },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 3 }), (entries) => {
        const read = harTraffic({ log: { version: '1.2', creator: { name: 'x', version: '1' }, entries } });
        expect(typeof read === 'string' || Array.isArray(read)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
