/** The shape of an option's declaration in ./option-table.ts (./options/), and the value types derived from it. */
import type { DocumentCache } from './cache/document-cache.js';

/** What the CLI and the README say of an option. */
interface Described {
  /** The flag, where it is not the kebab-case of the option's name. */
  readonly flag?: string;
  /** Other spellings of the flag the CLI takes (another mock's, so its command line works unchanged). */
  readonly aliases?: readonly string[];
  /** The README lists the flag in the row above's, a sibling of the same default and meaning. */
  readonly readmeJoin?: true;
  /** The README's placeholder for the flag's value; integers default to N, sizes to SIZE. */
  readonly arg?: string;
  /** One line of `--help`. */
  readonly help: string;
  /** `--help`'s words for a default that is no plain value; the CLI then passes none and `resolveOptions` decides. */
  readonly helpDefault?: string;
  /** The README's meaning, where it says more than `help`. */
  readonly readme?: string;
  /** The README's words for a default that is no plain value. */
  readonly readmeDefault?: string;
}

interface Bounded {
  readonly min: number;
  readonly max: number;
}

/** How an option is given, checked and shown; `default` is the programmatic one, `cliDefault` the CLI's where it differs. */
export type Declaration =
  | (Described & Bounded & { readonly kind: 'integer'; readonly default?: number; readonly cliDefault?: number })
  /** Bytes; the CLI takes `512kb`, `2mb` too, and `examples` shows how in its error message. */
  | (Described & Bounded & { readonly kind: 'size'; readonly default: number; readonly examples: string })
  | (Described & { readonly kind: 'boolean'; readonly default?: boolean })
  | (Described & {
      readonly kind: 'choice';
      readonly choices: readonly string[];
      readonly default: string;
      readonly cliDefault?: string;
    })
  /** `invalid` ends the error message; `showValue` adds the value given (never for a secret). */
  | (Described & {
      readonly kind: 'string';
      readonly default?: string;
      readonly pattern: RegExp;
      readonly invalid: string;
      readonly showValue?: boolean;
    })
  /**
   * A non-empty path, made absolute. `mounts`: one or more, each `FILE` or `/BASE=FILE` (src/document-source.ts),
   * repeatable as a flag; resolved as a list of sources.
   */
  | (Described & { readonly kind: 'path'; readonly default?: string; readonly invalid: string; readonly mounts?: true })
  /** A list of strings matching `pattern`; repeatable as a flag, comma-separated in the environment. */
  | (Described & { readonly kind: 'tokens'; readonly default: readonly string[]; readonly pattern: RegExp; readonly invalid: string })
  /** Programmatic only: no flag. */
  | { readonly kind: 'stream' }
  /** Programmatic only: what the CLI reads from the standard `OTEL_*` variables (docs/tracing.md). */
  | { readonly kind: 'otel' }
  /** Programmatic only: parsed documents kept between runs, which the CLI opens (src/cache/document-cache.ts). */
  | { readonly kind: 'documentCache' };

export type CliDeclaration = Exclude<Declaration, { kind: 'stream' | 'otel' | 'documentCache' }>;

/** Who exports the spans, besides where (`otelEndpoint`): the exporter's headers, the service's name, resource attributes. */
export interface OtelSettings {
  readonly headers?: Readonly<Record<string, string>>;
  readonly serviceName?: string;
  readonly resourceAttributes?: Readonly<Record<string, string>>;
}

export interface LogStream {
  write(line: string): unknown;
}

type ValueOf<D> = D extends { kind: 'integer' | 'size' }
  ? number
  : D extends { kind: 'boolean' }
    ? boolean
    : D extends { kind: 'path'; mounts: true }
      ? string | readonly string[]
      : D extends { kind: 'string' | 'path' }
        ? string
        : D extends { kind: 'tokens' }
          ? readonly string[]
          : D extends { kind: 'choice'; choices: readonly (infer C)[] }
            ? C
            : D extends { kind: 'otel' }
              ? OtelSettings
              : D extends { kind: 'documentCache' }
                ? DocumentCache
                : LogStream;

/** Options as given: any may be left out. */
export type GivenOptions<Table> = { readonly [K in keyof Table]?: ValueOf<Table[K]> };

/** Options once defaults are applied: those without a default may stay undefined. */
export type FilledOptions<Table> = {
  readonly [K in keyof Table]: ValueOf<Table[K]> | (Table[K] extends { default: unknown } ? never : undefined);
};
