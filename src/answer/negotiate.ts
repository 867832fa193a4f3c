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
