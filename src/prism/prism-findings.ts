/** Prism's diagnostics as the mock's findings. */
import type { Finding, FindingLocation } from '../problem.js';
import type { PrismDiagnostic } from './prism-internals.js';

export const NONE: readonly Finding[] = Object.freeze([]);
const FINDINGS_OF = new WeakMap<readonly PrismDiagnostic[], readonly Finding[]>();

export function rememberedFindings(diagnostics: readonly PrismDiagnostic[]): readonly Finding[] {
  let findings = FINDINGS_OF.get(diagnostics);
  if (findings === undefined) {
    findings = Object.freeze(diagnostics.map((d) => Object.freeze(toFinding(d))));
    for (const finding of findings) Object.freeze(finding.path);
    FINDINGS_OF.set(diagnostics, findings);
  }
  return findings;
}

/** Prism's DiagnosticSeverity.Error. */
export const isError = (diagnostic: PrismDiagnostic) => diagnostic.severity === 0;

const LOCATIONS: Readonly<Record<string, FindingLocation>> = {
  body: 'body',
  query: 'query',
  header: 'header',
  path: 'path',
  cookie: 'cookie',
};

export function toFinding(d: PrismDiagnostic): Finding {
  if (d.code === 415) return { location: 'media-type', path: [], code: 'unsupported-media-type', message: d.message };
  const [prefix, ...rest] = (d.path ?? []).map(String);
  const location = (prefix !== undefined && LOCATIONS[prefix]) || 'body';
  if (d.path === undefined && d.code === 'required') {
    return { location: 'body', path: [], code: 'body-required', message: 'is required' };
  }
  const description = `Request ${prefix ?? ''} ${rest.length > 0 ? `${prefix === 'body' ? 'property' : 'parameter'} ${rest.join('.')} ` : ''}`;
  const tail = d.message.startsWith(description) ? d.message.slice(description.length) : d.message;
  const missing = /^must have required property '(.+)'$/.exec(tail);
  if (missing?.[1] !== undefined) {
    return { location, path: [...rest, missing[1]], code: 'required', message: 'is required' };
  }
  return { location, path: rest, code: String(d.code ?? 'invalid'), message: shortened(tail) };
}

/** Longest finding message: Prism lists every allowed value of an enum, 50,000 of them if the document has them. */
const MAX_MESSAGE = 300;

function shortened(message: string): string {
  return message.length > MAX_MESSAGE ? `${message.slice(0, MAX_MESSAGE)}...` : message;
}
