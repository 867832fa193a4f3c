import type { Options } from 'yargs';
import type { CliDeclaration } from '../option-kinds.js';
import { DECLARATIONS, flagOf, type OptionName } from '../option-table.js';
import { formatSize, parseSize } from './size.js';

/** The options that have a flag, with it, in the table's order. */
export const FLAGS = DECLARATIONS.flatMap(([name, declaration]) =>
  declaration.kind === 'stream' || declaration.kind === 'otel' || declaration.kind === 'documentCache'
    ? []
    : [{ name, flag: flagOf(name), declaration }],
) as readonly { readonly name: OptionName; readonly flag: string; readonly declaration: CliDeclaration }[];

/** yargs' configuration of one flag; yargs reads the same from PLANTSTORE_MOCK_<FLAG>. */
export function yargsOption(declaration: CliDeclaration): Options {
  const { help: describe, helpDefault } = declaration;
  // A default described in words is resolveOptions' to work out: the CLI passes none.
  const plain = helpDefault === undefined ? cliDefault(declaration) : undefined;
  const common: Options = {
    describe,
    ...(plain === undefined ? {} : { default: plain }),
    ...(helpDefault === undefined ? {} : { defaultDescription: helpDefault }),
    ...(declaration.aliases === undefined ? {} : { alias: [...declaration.aliases] }),
  };
  switch (declaration.kind) {
    case 'integer':
      return { ...common, type: 'number' };
    case 'size':
      return { ...common, type: 'string' };
    case 'boolean':
      return { ...common, type: 'boolean' };
    case 'choice':
      return { ...common, choices: declaration.choices };
    // A repeated flag (`--spec`) comes as an array (yargs' duplicate-arguments-array); no `array: true`,
    // which would take the words after it too.
    case 'string':
    case 'path':
      return { ...common, type: 'string' };
    case 'tokens':
      return { ...common, type: 'string', array: true };
  }
}

/** The CLI's default as the flag would be typed; none for lists (an empty one means "any token"). */
export function cliDefault(declaration: CliDeclaration): string | number | boolean | undefined {
  switch (declaration.kind) {
    case 'integer':
    case 'choice':
      return declaration.cliDefault ?? declaration.default;
    case 'size':
      return formatSize(declaration.default);
    case 'tokens':
      return undefined;
    default:
      return declaration.default;
  }
}

/** The option's value from what yargs read, or the one-line complaint; undefined leaves the option out. */
export function fromFlag(flag: string, declaration: CliDeclaration, raw: unknown): { value: unknown } | { error: string } {
  switch (declaration.kind) {
    case 'integer':
      return typeof raw === 'number' && Number.isNaN(raw) ? { error: `--${flag} must be a number` } : { value: raw };
    case 'size': {
      const bytes = raw === undefined ? undefined : parseSize(String(raw));
      if (raw !== undefined && bytes === undefined) return { error: `--${flag} must be a size like ${declaration.examples}; got "${raw}"` };
      return { value: bytes };
    }
    case 'tokens': {
      // Repeated flags, or one comma-separated environment variable.
      const given = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
      const tokens = given
        .flatMap((token) => String(token).split(','))
        .map((token) => token.trim())
        .filter((token) => token !== '');
      return { value: tokens };
    }
    default:
      return { value: raw };
  }
}

/** The core names options as the API spells them; on the command line, name the flag instead. */
export function asFlags(message: string): string {
  return message.replace(/option "(\w+)"/g, (_whole, name: string) => `--${flagOf(name)}`);
}
