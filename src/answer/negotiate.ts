import Negotiator from 'negotiator';

/** Index of the chosen media type, or -1 when the client accepts none of them. */
export type Negotiate = (accept: string | undefined) => number;

const MAX_REMEMBERED = 64;

/**
 * RFC 9110 §12.5.1 proactive negotiation over a response's media types (as the document lists them,
 * ranges made concrete). Built once per response. No `Accept` or `*\/*` picks the first listed type
 * without asking the negotiator; other headers are answered once and remembered, since clients send
 * the same few again and again.
 */
export function createNegotiation(mediaTypes: readonly string[]): Negotiate {
  // Media types compare case-insensitively (RFC 9110 §8.3.1): a Swagger 2.0 `produces: [Application/JSON]` serves `application/json`.
  const available = mediaTypes.map((t) => (t.split(';', 1)[0] ?? '').trim().toLowerCase());
  const remembered = new Map<string, number>();
  return (accept) => {
    if (accept === undefined || accept === '*/*' || accept === '' || accept === available[0]) return 0;
    let index = remembered.get(accept);
    if (index === undefined) {
      index = bestIndex(available, accept);
      if (remembered.size >= MAX_REMEMBERED) remembered.clear();
      remembered.set(accept, index);
    }
    return index;
  };
}

function bestIndex(available: readonly string[], accept: string): number {
  const best = new Negotiator({ headers: { accept: withoutParameters(accept) } }).mediaType(available);
  return best === undefined ? -1 : available.indexOf(best);
}

/**
 * Documents list bare types (`application/json`), so a range's parameters other than `q` (`charset`,
 * `version`) would make every range miss: they are dropped before negotiating.
 */
function withoutParameters(accept: string): string {
  return accept
    .split(',')
    .map((range) => {
      const [type = '', ...parameters] = range.split(';');
      const q = parameters.find((p) => /^\s*q\s*=/i.test(p));
      return q === undefined ? type.trim() : `${type.trim()};${q.trim()}`;
    })
    .join(', ');
}

/**
 * Negotiation as a lenient real service does it (GitHub answers `application/json` to Octokit's
 * `application/vnd.github.v3+json`): a structured-suffix type (RFC 6838 §4.2.8, `+json`, `+xml`) also
 * reads as its suffix's type, with its q-value, after the type itself; an `Accept` that then matches
 * nothing gets the first listed type it does not refuse with `q=0` (`application/binary` or
 * `application/octet-stream` for a zip answers the zip). -1 only when every type is refused.
 */
export function negotiateLeniently(negotiate: Negotiate, accept: string | undefined): number {
  const bases = accept?.includes('+') ? suffixBases(accept) : undefined;
  const read = negotiate(bases === undefined ? accept : `${accept}, ${bases}`);
  return read >= 0 || accept === undefined ? read : negotiate(`${accept}, */*;q=0.001`);
}

/** `application/vnd.github.v3+json;q=0.9` gives `application/json;q=0.9`; undefined when no range has a suffix. */
function suffixBases(accept: string): string | undefined {
  const bases: string[] = [];
  for (const range of accept.split(',')) {
    const match = /^\s*([\w.!#$&^-]+)\/[\w.!#$&^-]+\+([\w.!#$&^-]+)\s*(;.*)?$/.exec(range);
    if (match) bases.push(`${match[1]}/${match[2]}${match[3] ?? ''}`);
  }
  return bases.length === 0 ? undefined : bases.join(', ');
}
