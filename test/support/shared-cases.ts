import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { MockSession, SessionExpectation } from '../../src/client/session-handle.js';

// The cases every language module's tests run against the image (modules/cases.json), so the four
// modules cannot drift apart. Each case runs in a fresh session of the module's session handle.

interface CaseRequest {
  readonly method: string;
  readonly path: string;
  readonly headers?: Record<string, string>;
  readonly json?: unknown;
  readonly body?: string;
}
interface CaseExpectation {
  readonly status: number;
  readonly json?: unknown;
  readonly jsonIncludes?: Record<string, unknown>;
  readonly headers?: Record<string, string>;
}
export interface SharedCase {
  readonly name: string;
  readonly scenario?: string;
  readonly steps: readonly { readonly request: CaseRequest; readonly expect: CaseExpectation }[];
  readonly verify?: SessionExpectation;
}

export function loadSharedCases(): SharedCase[] {
  const file = new URL('../../modules/cases.json', import.meta.url);
  return (JSON.parse(readFileSync(file, 'utf8')) as { cases: SharedCase[] }).cases;
}

/** The cases of the pair test (a "real service" serving two documents, a mock over HTTPS proxying to it). */
export function loadPairCases(): { upstream: SharedCase[]; proxy: SharedCase[] } {
  const file = new URL('../../modules/cases.json', import.meta.url);
  const { pair } = JSON.parse(readFileSync(file, 'utf8')) as { pair: { upstream: SharedCase[]; proxy: SharedCase[] } };
  return { upstream: pair.upstream, proxy: pair.proxy };
}

export async function runSharedCase(session: MockSession, sharedCase: SharedCase): Promise<void> {
  if (sharedCase.scenario !== undefined) await session.useScenario(sharedCase.scenario);
  for (const [index, { request, expect: expected }] of sharedCase.steps.entries()) {
    const headers = new Headers(request.headers);
    if (request.json !== undefined && !headers.has('content-type')) headers.set('content-type', 'application/json');
    const body = request.json !== undefined ? JSON.stringify(request.json) : request.body;
    const response = await session.fetch(request.path, { method: request.method, headers, ...(body === undefined ? {} : { body }) });
    const text = await response.text();
    const where = `${sharedCase.name}, step ${index + 1}: ${response.status} ${text}`;
    expect(response.status, where).toBe(expected.status);
    if (expected.json !== undefined) expect(JSON.parse(text), where).toEqual(expected.json);
    if (expected.jsonIncludes !== undefined) expect(JSON.parse(text), where).toMatchObject(expected.jsonIncludes);
    for (const [name, pattern] of Object.entries(expected.headers ?? {})) {
      expect(response.headers.get(name) ?? '', `${where}; header ${name}`).toMatch(new RegExp(pattern));
    }
  }
  if (sharedCase.verify !== undefined) {
    const verdict = await session.verify(sharedCase.verify);
    expect(verdict.pass, `${sharedCase.name}: ${verdict.message}`).toBe(true);
  }
}
