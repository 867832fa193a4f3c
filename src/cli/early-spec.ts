import { parseEarly } from '../document/early-parse.js';

/** The environment variable of --spec (option-table.ts, whose import would load much of the CLI here). */
export const SPEC_ENV = 'PLANTSTORE_MOCK_SPEC';

/**
 * The document a run of the CLI with `argv` will most likely load first, read from the arguments before
 * they are parsed (the parser comes with the bundle): the first --spec, else its environment variable,
 * else the last argument when it is no flag (Steady's spelling). A guess: a wrong one costs a worker's
 * parse (early-parse.ts), never an answer.
 */
export function likelySpec(argv: readonly string[], env: NodeJS.ProcessEnv): string | undefined {
  const [command] = argv;
  if (command === 'mcp' || command === 'import' || command === 'coverage') return undefined;
  if (argv.some((arg) => arg === '--help' || arg === '--version')) return undefined;
  for (const [i, arg] of argv.entries()) {
    if (arg === '--spec') return argv[i + 1];
    if (arg.startsWith('--spec=')) return arg.slice('--spec='.length);
  }
  const fromEnv = env[SPEC_ENV];
  if (fromEnv !== undefined && fromEnv !== '') return fromEnv;
  const last = argv.at(-1);
  return last !== undefined && !last.startsWith('-') ? last : undefined;
}

/** Starts parsing the likely document early when it is a large one; `/BASE=PATH` names the file after `=`. */
export function parseLikelySpecEarly(argv: readonly string[], env: NodeJS.ProcessEnv): void {
  const spec = likelySpec(argv, env);
  if (spec === undefined || parseEarly(spec)) return;
  const mounted = /^\/[^=]*=(.+)$/.exec(spec);
  if (mounted?.[1] !== undefined) parseEarly(mounted[1]);
}
