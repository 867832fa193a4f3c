import type { Delivery } from '../callbacks/callback-sender.js';
import type { NewJournalEntry } from '../journal/journal-entry.js';

/** A callback or webhook as the journal keeps it: the request the mock sent, and the consumer's answer. */
export function deliveryEntry(delivery: Delivery, spec: string | undefined): NewJournalEntry {
  const problems = delivery.problems.length > 0 ? { problems: delivery.problems } : {};
  return {
    time: delivery.time,
    // With several documents, the one whose callback or webhook this is.
    spec,
    session: delivery.session,
    method: delivery.method,
    path: delivery.url,
    query: {},
    headers: delivery.requestHeaders,
    body: delivery.requestBody,
    bodySize: delivery.requestBody === undefined ? 0 : Buffer.byteLength(delivery.requestBody),
    provenance: { kind: 'callback', via: delivery.via, name: delivery.name, outcome: delivery.outcome, ...problems },
    operation: delivery.operation,
    status: delivery.status,
    responseHeaders: delivery.responseHeaders,
    responseBody: delivery.responseBody,
    durationMs: delivery.durationMs,
  };
}
