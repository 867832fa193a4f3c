import yargsParser from 'yargs-parser';
import { ENV_PREFIX } from '../option-table.js';
import { cliDefault, FLAGS } from './flags.js';

/** Words yargs reads as subcommands (run.ts hands the first word to them before any parsing). */
const COMMANDS = new Set(['coverage', 'mcp', 'import']);

const camel = (flag: string) => flag.replace(/-([a-z])/g, (_whole, letter: string) => letter.toUpperCase());

/**
 * yargs-parser's configuration of the flags, as yargs makes it from `yargsOption` (flags.ts), and the flags'
 * defaults apart: parsePlain applies those itself.
 */
function parserOptions(): yargsParser.Options & { readonly key: Record<string, boolean>; readonly defaults: Record<string, unknown> } {
  const string: string[] = [];
  const number: string[] = [];
  const boolean: string[] = [];
  const array: string[] = [];
  const alias: Record<string, string[]> = { port: ['p'] };
  const defaults: Record<string, unknown> = {};
  // Every flag named, as yargs names them, so each gets its camelCase alias (environment variables set that).
  const key: Record<string, boolean> = {};
  for (const { flag, declaration } of FLAGS) {
    key[flag] = true;
    if (declaration.kind === 'integer') number.push(flag);
    else if (declaration.kind === 'boolean') boolean.push(flag);
    else if (declaration.kind !== 'choice') string.push(flag);
    if (declaration.kind === 'tokens') array.push(flag);
    if (declaration.aliases !== undefined) alias[flag] = [...(alias[flag] ?? []), ...declaration.aliases];
    const plain = declaration.helpDefault === undefined ? cliDefault(declaration) : undefined;
    if (plain !== undefined) defaults[flag] = plain;
  }
  return { string, number, boolean, array, alias, defaults, key, envPrefix: ENV_PREFIX };
}

/** Every key yargs lets through under `.strict()`: each flag and alias, as typed and in camelCase. */
function knownKeys(): Set<string> {
  const known = new Set(['_', '$0', 'p']);
  for (const { flag, declaration } of FLAGS) {
    for (const name of [flag, ...(declaration.aliases ?? [])]) {
      known.add(name);
      known.add(camel(name));
    }
  }
  return known;
}

/**
 * What the command line and PLANTSTORE_MOCK_* variables set, read by yargs-parser alone, as yargs reads it
 * for a plain start (src/cli/plain-args.test.ts compares the two over every option of the table); loading
 * and configuring yargs is a tenth of a start's CPU. Undefined wherever yargs has more to do than parse:
 * help, version, a subcommand, `--`, or anything it would refuse (an unknown flag, a value outside its
 * choices, a second document, a parse error), which yargs then words.
 */
export function parsePlain(argv: readonly string[]): Record<string, unknown> | undefined {
  if (argv.includes('--')) return undefined;
  const { defaults, ...options } = parserOptions();
  const { argv: args, error } = yargsParser.detailed([...argv], { ...options, configuration: { 'parse-positional-numbers': false } });
  if (error) return undefined;
  // A flag neither given nor set by the environment takes its default here: yargs-parser would set each
  // default under every alias, scanning its flag lists for each (most of a start's parse, ~3 ms of CPU).
  // Only the flag itself is read (parse-args.ts), as yargs would have set it.
  for (const [flag, value] of Object.entries(defaults)) if (args[flag] === undefined) args[flag] = value;
  const known = knownKeys();
  if (Object.keys(args).some((key) => !known.has(key))) return undefined;
  const positionals = args._;
  if (positionals.length > 1 || (positionals.length === 1 && COMMANDS.has(String(positionals[0])))) return undefined;
  for (const { flag, declaration } of FLAGS) {
    if (declaration.kind !== 'choice' || args[flag] === undefined) continue;
    if (!(declaration.choices as readonly unknown[]).includes(args[flag])) return undefined;
  }
  return positionals.length === 1 ? { ...args, document: String(positionals[0]) } : args;
}
