import type { Declaration, GivenOptions } from './option-kinds.js';
import { ACCESS_OPTIONS } from './options/access.js';
import { DOCUMENT_OPTIONS } from './options/document.js';
import { LIMIT_OPTIONS } from './options/limits.js';
import { OUTBOUND_OPTIONS } from './options/outbound.js';
import { REQUEST_OPTIONS } from './options/requests.js';
import { SESSION_OPTIONS } from './options/sessions.js';

export { LOG_LEVELS, type LogLevel } from './options/access.js';
export { ARRAY_FORMATS, OBJECT_FORMATS } from './options/requests.js';

export const ENV_PREFIX = 'PLANTSTORE_MOCK';

/**
 * Every option, declared once (each group in ./options/). `resolveOptions`, the CLI's flags and environment
 * variables, the option types and the README's command-line table (`npm run docs`) are made from it, in this
 * order (that of `--help`): the groups' order below, then each group's own.
 * Flag: the kebab-case of the name unless `flag` is given; environment variable: PLANTSTORE_MOCK_ and the flag
 * in SNAKE_CASE. Field meanings: ./option-kinds.ts.
 */
export const OPTIONS = {
  ...DOCUMENT_OPTIONS,
  ...REQUEST_OPTIONS,
  ...ACCESS_OPTIONS,
  ...SESSION_OPTIONS,
  ...LIMIT_OPTIONS,
  ...OUTBOUND_OPTIONS,
} as const satisfies Record<string, Declaration>;

export type OptionName = keyof typeof OPTIONS;
/** The option types the table declares; `MockServerOptions` must match them (checked in options.test.ts). */
export type DeclaredOptions = GivenOptions<typeof OPTIONS>;

/** The table's entries in order, typed loosely enough to walk. */
export const DECLARATIONS = Object.entries(OPTIONS) as readonly (readonly [OptionName, Declaration])[];

export function flagOf(name: string): string {
  const declared: Declaration | undefined = Object.hasOwn(OPTIONS, name) ? OPTIONS[name as OptionName] : undefined;
  return (declared && 'flag' in declared ? declared.flag : undefined) ?? name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

export function envOf(name: string): string {
  return `${ENV_PREFIX}_${flagOf(name).toUpperCase().replace(/-/g, '_')}`;
}
