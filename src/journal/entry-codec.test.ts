import { describe, expect, it } from 'vitest';
import { decodeEntry, encodeEntry } from './entry-codec.js';
import type { JournalEntry } from './journal-entry.js';

const roundTrip = (entry: JournalEntry) => decodeEntry(encodeEntry(entry.id, entry).join(''));

const entry: JournalEntry = {
  id: 7,
  time: 1_795_000_000_000,
  session: 'team-a',
  method: 'POST',
  path: '/plants',
  query: { __example: 'monstera' },
  headers: { 'content-type': 'application/json', 'x-list': 'a, b' },
  body: '{"id":1,"name":"Monstera\\n\\"deliciosa\\""}',
  bodySize: 41,
  provenance: {
    kind: 'rejected',
    code: 'INVALID_REQUEST',
    findings: [{ location: 'body', path: ['id'], code: 'type', message: 'must be integer' }],
  },
  operation: 'createPlant',
  status: 200,
  responseHeaders: { 'content-type': 'application/json; charset=utf-8', 'content-length': 34 },
  responseBody: '{"name":"Monstera"}',
  durationMs: 0.4123,
};

describe('the journal entry codec', () => {
  it('gives back the entry it encoded', () => {
    expect(roundTrip(entry)).toEqual(entry);
  });

  it('keeps bodies with line breaks, quotes and any Unicode exactly', () => {
    const tricky = { ...entry, body: 'line one\nline "two"\r\n\u2028🌿é', responseBody: '\n\n{"ü":"\\u0000"}\n' };
    expect(roundTrip(tricky)).toEqual(tricky);
  });

  it('tells no body from an empty one, and keeps bytes that are not UTF-8', () => {
    const none = { ...entry, body: undefined, responseBody: undefined, session: undefined, provenance: undefined, operation: undefined };
    expect(roundTrip(none)).toEqual(none);
    const empty = { ...entry, body: '', responseBody: '' };
    expect(roundTrip(empty)).toEqual(empty);
    const bytes = { ...entry, body: Buffer.from([0xff, 0xfe, 0x0a, 0x00]) };
    expect(roundTrip(bytes)).toEqual(bytes);
  });
});
