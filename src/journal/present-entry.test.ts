import { describe, expect, it } from 'vitest';
import type { JournalEntry } from './journal-entry.js';
import { presentEntry } from './present-entry.js';

const base: JournalEntry = {
  id: 1,
  time: 0,
  method: 'POST',
  path: '/plants',
  query: {},
  headers: {},
  body: undefined,
  bodySize: 0,
  status: 200,
  responseHeaders: {},
  responseBody: undefined,
  durationMs: 1,
} as unknown as JournalEntry;

describe('presentEntry faults', () => {
  it('names a scenario fault that answered nothing', () => {
    const entry = { ...base, status: 0, provenance: { kind: 'scenario', name: 'flaky', rule: 0, usesState: false, fault: 'reset' } };
    expect(presentEntry(entry as JournalEntry)).toMatchObject({ fault: 'reset', response: { status: 0 } });
  });

  it('names a malformed reply as a fault beside the status it sent', () => {
    const entry = { ...base, provenance: { kind: 'scenario', name: 'bad', rule: 0, usesState: false, fault: 'malformed-json' } };
    expect(presentEntry(entry as JournalEntry)).toMatchObject({ fault: 'malformed-json', response: { status: 200 } });
  });

  it('calls a status 0 without a scenario fault no answer', () => {
    expect(presentEntry({ ...base, status: 0 } as JournalEntry)).toMatchObject({ fault: 'no-answer' });
  });

  it('leaves an ordinary answer without a fault', () => {
    expect(presentEntry(base)).not.toHaveProperty('fault');
  });
});
