import type { ErrorCode } from '../errors.js';
import type { Fault } from '../mock-response.js';
import type { StepWebhook } from '../pipeline/types.js';

/** A request field's test, compiled from a file's `match` (every given check must hold). */
export interface Condition {
  readonly equals?: { readonly value: unknown };
  /** A compiled regex: JavaScript's engine when it cannot backtrack, RE2's linear-time automaton otherwise. */
  readonly regex?: { test(input: string): boolean };
  readonly exists?: boolean;
  readonly type?: string;
}

export interface CompiledMatch {
  readonly headers: readonly (readonly [string, Condition])[];
  readonly query: readonly (readonly [string, Condition])[];
  /** Path parameters, by name. */
  readonly params: readonly (readonly [string, Condition])[];
  readonly body: readonly (readonly [readonly string[], Condition])[];
  readonly stored: readonly string[] | undefined;
  readonly notStored: readonly string[] | undefined;
}

/** A delay distribution; `probability` is the share of calls it delays (1 = every call). */
export type DelaySpec = { readonly probability: number } & (
  | { readonly kind: 'fixed'; readonly ms: number }
  | { readonly kind: 'uniform'; readonly min: number; readonly max: number }
  | { readonly kind: 'lognormal'; readonly median: number; readonly sigma: number }
);

/** What one step of a rule answers. Without a body kind it answers the default response (of `status`, when given). */
export interface Step {
  readonly times: number;
  readonly status: number | undefined;
  readonly headers: Readonly<Record<string, string>>;
  readonly body:
    | { readonly kind: 'literal'; readonly value: unknown }
    | { readonly kind: 'template'; readonly value: unknown }
    | { readonly kind: 'generate'; readonly seed: number | undefined }
    | { readonly kind: 'error'; readonly code: ErrorCode; readonly params: Readonly<Record<string, string | number>> }
    | undefined;
  readonly delay: DelaySpec | undefined;
  readonly fault: { readonly kind: Fault; readonly probability: number } | undefined;
  readonly offContract: string | undefined;
  /** `offContract: true`: off the contract without a reason given; the load check's finding becomes the reason. */
  readonly offContractUnsaid?: true;
  /** A webhook of the document sent after this step's answer. */
  readonly webhook?: StepWebhook;
  /** Streams the answer (a sequential media type) with these items and this pacing, or stops or breaks it early. */
  readonly stream: StreamStep | undefined;
}

/** A scenario's script of a stream. */
export interface StreamStep {
  /** The items, each after its own delay (else the interval); undefined: the document's items. */
  readonly items: readonly { readonly item: unknown; readonly delayMs: number | undefined }[] | undefined;
  readonly count: number | undefined;
  readonly intervalMs: number | undefined;
  /** End normally after this many items. */
  readonly stopAfter: number | undefined;
  /** Cut the connection after this many items. */
  readonly breakAfter: number | undefined;
}

export interface Rule {
  /** Position in the file (1-based), for messages and sequence state. */
  readonly index: number;
  /** operationId of the operation, or undefined for `*`. */
  readonly operationId: string | undefined;
  readonly match: CompiledMatch;
  readonly store: readonly string[] | undefined;
  readonly steps: readonly Step[];
}

export interface Scenario {
  readonly name: string;
  readonly description: string;
  readonly file: string;
  readonly rules: readonly Rule[];
  /** What the load check found in `offContract: true` steps: one start-up warning each. */
  readonly warnings: readonly string[];
  /** `stateful: true`: the stateful simulator answers the requests of this scenario no rule answers. */
  readonly stateful: boolean;
}

/** Every scenario the server knows, by name (looked up, never used as a path). */
export type Catalogue = ReadonlyMap<string, Scenario>;

/** The scenario names of a catalogue, for messages: `a, b` or `(none)`. */
export function namesOf(catalogue: Catalogue): string {
  return catalogue.size > 0 ? [...catalogue.keys()].join(', ') : '(none)';
}
