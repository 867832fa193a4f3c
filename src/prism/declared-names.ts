/** Findings of path, query and header parameters named as the document declares them, not as Prism keys them. */
import type { Finding } from '../problem.js';

interface Request {
  readonly path?: readonly unknown[];
  readonly query?: readonly unknown[];
  readonly headers?: readonly unknown[];
}

/** Per operation: `location lower-case-name` to the declared name, where one name has that key. */
const DECLARED = new WeakMap<Request, ReadonlyMap<string, string>>();

function declaredNames(request: Request): ReadonlyMap<string, string> {
  let names = DECLARED.get(request);
  if (names === undefined) {
    const found = new Map<string, string | null>();
    for (const [location, specs] of [
      ['path', request.path],
      ['query', request.query],
      ['header', request.headers],
    ] as const)
      for (const spec of specs ?? []) {
        const name = (spec as { name?: unknown } | null)?.name;
        if (typeof name !== 'string') continue;
        const key = `${location} ${name.toLowerCase()}`;
        // Query names differing only in case (case-twin-query.ts) are told apart where they are judged.
        found.set(key, found.has(key) && found.get(key) !== name ? null : name);
      }
    names = new Map([...found].filter((entry): entry is [string, string] => entry[1] !== null));
    DECLARED.set(request, names);
  }
  return names;
}

const RENAMED: ReadonlySet<string> = new Set(['path', 'query', 'header']);

/**
 * Prism keys path, query and header parameters by their lower-case names, so its findings said `query.pagesize`
 * of a parameter the document calls `pageSize` (and a client sends so); header names are case-insensitive,
 * and the declared spelling (`X-Request-ID`) is the one a reader knows. Only findings are renamed.
 */
export function withDeclaredNames(findings: Finding[], request: Request | undefined): Finding[] {
  if (request === undefined || findings.length === 0) return findings;
  const names = declaredNames(request);
  if (names.size === 0) return findings;
  return findings.map((finding) => {
    const [first, ...rest] = finding.path;
    if (!RENAMED.has(finding.location) || first === undefined) return finding;
    const declared = names.get(`${finding.location} ${first.toLowerCase()}`);
    return declared === undefined || declared === first ? finding : { ...finding, path: [declared, ...rest] };
  });
}
