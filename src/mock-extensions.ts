/**
 * The mock's own words in an OpenAPI operation, `x-mock-delay` and `x-mock-validate`, and the delay
 * range `--delay` shares with them. Read once, as the document is listed.
 */

/** Upper bound of any delay the mock waits, whoever asked for it (a scenario, the document, a request). */
export const MAX_DELAY_MS = 60_000;

/** Milliseconds to wait: `min` when both are equal, else drawn uniformly from [min, max] with the server's seeded randomness. */
export interface DelayRange {
  readonly min: number;
  readonly max: number;
}

export interface MockExtensions {
  /** `x-mock-delay`: the operation's answers wait this long. */
  readonly delay?: DelayRange;
  /** `x-mock-validate: false`: its requests are answered as if valid, what validation found only reported. */
  readonly validate?: boolean;
}

const NONE: MockExtensions = Object.freeze({});

/** `120`, `"120"` or `"100-500"` as a range; a message saying what is wrong otherwise. */
export function parseDelayRange(value: unknown): DelayRange | string {
  const text = typeof value === 'number' ? String(value) : value;
  const match = typeof text === 'string' ? /^\s*(\d{1,9})\s*(?:-\s*(\d{1,9})\s*)?$/.exec(text) : null;
  const must = `must be milliseconds (120) or a range (100-500), at most ${MAX_DELAY_MS}`;
  if (!match) return `${must}; got ${JSON.stringify(value)}`;
  const min = Number(match[1]);
  const max = match[2] === undefined ? min : Number(match[2]);
  if (max > MAX_DELAY_MS) return `${must}; got ${JSON.stringify(value)}`;
  if (min > max) return `range ${min}-${max} has its minimum above its maximum`;
  return { min, max };
}

/** A draw from the range (random: uniform [0, 1)). */
export function drawDelay(range: DelayRange, random: () => number): number {
  return range.min === range.max ? range.min : Math.round(range.min + (range.max - range.min) * random());
}

/** The mock's extensions of an operation object (OpenAPI's, or Prism's `extensions`); throws naming `where` when one is malformed. */
export function readMockExtensions(node: Readonly<Record<string, unknown>> | undefined, where: string): MockExtensions {
  const delay = node?.['x-mock-delay'];
  const validate = node?.['x-mock-validate'];
  if (delay === undefined && validate === undefined) return NONE;
  const read: { delay?: DelayRange; validate?: boolean } = {};
  if (delay !== undefined) {
    const range = parseDelayRange(delay);
    if (typeof range === 'string') throw new Error(`x-mock-delay of ${where} ${range}`);
    read.delay = range;
  }
  if (validate !== undefined) {
    if (typeof validate !== 'boolean')
      throw new Error(`x-mock-validate of ${where} must be true or false; got ${JSON.stringify(validate)}`);
    read.validate = validate;
  }
  return Object.freeze(read);
}
