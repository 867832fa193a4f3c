import { readFileSync } from 'node:fs';
import { PACKAGE_JSON } from '../assets/package-files.js';
import { ENV_PREFIX, envOf } from '../option-table.js';
import type { MockServerOptions } from '../options.js';
import { FLAGS, fromFlag, yargsOption } from './flags.js';
import { parsePlain } from './plain-args.js';

export { ENV_PREFIX };

export type ParsedArgs =
  | { readonly kind: 'run'; readonly options: MockServerOptions }
  | { readonly kind: 'exit'; readonly code: number; readonly output: string };

/**
 * Maps flags and PLANTSTORE_MOCK_* environment variables to server options: read by yargs-parser alone for
 * a plain start (plain-args.ts), else by yargs, which also answers help, version and mistakes.
 */
export async function parseArgs(argv: readonly string[]): Promise<ParsedArgs> {
  const plain = parsePlain(argv);
  return plain === undefined ? parseArgsByYargs(argv) : toOptions(plain);
}

/** The options as yargs alone reads them (what parsePlain must match: plain-args.test.ts). */
export async function parseArgsByYargs(argv: readonly string[]): Promise<ParsedArgs> {
  const read = await parseWithYargs(argv);
  return read.kind === 'read' ? toOptions(read.args) : read;
}

/** What yargs read, or what it answered instead (help, version, a complaint). */
async function parseWithYargs(
  argv: readonly string[],
): Promise<{ readonly kind: 'read'; readonly args: Record<string, unknown> } | Extract<ParsedArgs, { kind: 'exit' }>> {
  // Loaded only when asked for: most starts never need it (plain-args.ts).
  const { default: yargs } = await import('yargs');
  let output = '';
  let failure: string | undefined;
  const parser = yargs([...argv])
    .scriptName('plantstore-mock')
    .usage('$0 [options] [document]\n\nA contract-faithful mock server of the Plant Store API (or any OpenAPI document).')
    .env(ENV_PREFIX)
    .command('coverage', 'check a running mock`s contract coverage against a bar, for CI (coverage --help)')
    // Steady's spellings, so a generated SDK's `scripts/mock` needs only its command changed: `-p PORT`, the document last.
    .command('$0 [document]', false)
    .positional('document', { type: 'string', describe: 'the same as --spec' })
    .command('mcp', 'serve the mock to coding agents over MCP on stdio (mcp --help; docs/mcp.md)')
    .command('import', 'write scenario files from a HAR log or a Postman collection (import --help; docs/import-export.md)')
    .options(Object.fromEntries(FLAGS.map(({ flag, declaration }) => [flag, yargsOption(declaration)])))
    .alias('port', 'p')
    .strict()
    // The mock's own messages are English; yargs' translations are not in the bundled CLI either way.
    .locale('en')
    .help()
    // Named here: yargs would look for the manifest from its own install path, which the bundled CLI lacks.
    .version((JSON.parse(readFileSync(PACKAGE_JSON, 'utf8')) as { version: string }).version)
    .epilogue(`Every option can also be set by an environment variable: ${envOf('port')}, ${envOf('tokens')}, ${envOf('bodyLimit')}, ...`)
    .wrap(null)
    .exitProcess(false)
    .fail((message, error) => {
      failure = (message ?? error?.message ?? 'invalid arguments').replace(/\s*\n\s*/g, ' ');
    });
  const args = await parser.parse([...argv], {}, (_error, _argv, text) => {
    output = text;
  });
  if (failure !== undefined) return { kind: 'exit', code: 2, output: `plantstore-mock: ${failure} (see --help)` };
  if (output !== '') return { kind: 'exit', code: 0, output };
  return { kind: 'read', args };
}

function toOptions(args: Record<string, unknown>): ParsedArgs {
  const options: Record<string, unknown> = {};
  for (const { name, flag, declaration } of FLAGS) {
    const read = fromFlag(flag, declaration, args[flag]);
    if ('error' in read) return { kind: 'exit', code: 2, output: `plantstore-mock: ${read.error}` };
    if (read.value !== undefined) options[name] = read.value;
  }
  // The name other mocks' deployments use for a shared store, as well as PLANTSTORE_MOCK_STORE.
  const sharedStore = process.env.MOCK_STORE;
  if (options.store === undefined && sharedStore !== undefined && sharedStore !== '') options.store = sharedStore;
  const document = args.document;
  if (typeof document === 'string') {
    if (options.spec !== undefined)
      return { kind: 'exit', code: 2, output: 'plantstore-mock: give the document once, as --spec or last (see --help)' };
    options.spec = document;
  }
  return { kind: 'run', options: options as MockServerOptions };
}
