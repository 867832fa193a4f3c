/**
 * Words an error's kind says for a status, most telling first: an enum of error kinds (Stripe's
 * `type`: `api_error`, `card_error`, `invalid_request_error`; Box's and influxdata's `code`; Plaid's
 * `error_type`; Azure's `BadRequest`, `NotFound`) has the member a real service answers for it.
 */
const BY_STATUS: Readonly<Record<number, readonly string[]>> = {
  400: ['bad request', 'invalid request', 'validation', 'invalid'],
  401: ['unauthorized', 'unauthenticated', 'authentication', 'not authed', 'invalid auth'],
  402: ['payment required', 'payment', 'card'],
  403: ['forbidden', 'permission', 'authorization', 'access denied', 'denied'],
  404: ['not found'],
  405: ['method not allowed'],
  406: ['not acceptable'],
  409: ['conflict'],
  412: ['precondition failed'],
  413: ['too large'],
  415: ['unsupported media type'],
  422: ['unprocessable', 'validation', 'invalid'],
  429: ['too many requests', 'rate limit', 'throttl*'],
  501: ['not implemented'],
  503: ['unavailable'],
};
/** What any client error or server error is called where no member names the status itself. */
const CLIENT = ['invalid request', 'bad request', 'client', 'invalid'];
const SERVER = ['internal', 'server', 'api error', 'unavailable'];

/** `invalid_request_error`, `NotFound`, `https://errors.example/not-found.html` -> ' invalid request error ', ' not found ', ... */
function wordsOf(value: string): string {
  const words = value
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');
  return ` ${words.join(' ')} `;
}

/**
 * The member of a string enum that names the kind of error answered with `status`, undefined when none
 * does: the first of the status's words (then a client's or server's error) some member says, and of the
 * members that say it the shortest (`BadRequest` before `BadRequestExceededBatchSize`). `current`, the
 * value the body has, stays where it already names the status.
 */
export function errorKindFor(values: readonly unknown[], status: number, current?: unknown): string | undefined {
  const members = values.filter((v): v is string => typeof v === 'string').map((value) => ({ value, words: wordsOf(value) }));
  const phrases = [...(BY_STATUS[status] ?? []), ...(status >= 500 ? SERVER : CLIENT)];
  // `throttl*` is a word's beginning (`throttled`, `throttling`); else whole words.
  const says = (words: string, phrase: string) =>
    phrase.endsWith('*') ? words.includes(` ${phrase.slice(0, -1)}`) : words.includes(` ${phrase} `);
  if (typeof current === 'string' && phrases.some((phrase) => says(wordsOf(current), phrase))) return undefined;
  for (const phrase of phrases) {
    const saying = members.filter((member) => says(member.words, phrase));
    if (saying.length > 0) return saying.reduce((a, b) => (b.words.length < a.words.length ? b : a)).value;
  }
  return undefined;
}
