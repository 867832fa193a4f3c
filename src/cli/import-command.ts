import { MockConfigError } from '../config-error.js';
import { parseArgs } from './parse-args.js';
import { parseSize } from './size.js';

const USAGE = `plantstore-mock import FILE --out DIR [--name NAME] [--on-contract-only] [--max-size SIZE] [server options]

Imports a HAR 1.2 log or a Postman Collection v2.0/v2.1 as scenario files (docs/import-export.md): each
request matched to an operation of the documents (--spec, as the server takes it), grouped per operation,
answers checked against the contract and credentials masked as recordings are.
  --out DIR           where the scenario files go (made when missing)
  --name NAME         the scenario's name, NAME.yaml (default: import-FILE)
  --on-contract-only  leave out answers that break the document, rather than marking them offContract
  --max-size SIZE     largest FILE read: bytes, or with kb/mb (default 64mb)
  --redact WHAT       a header name or a JSON pointer into bodies never written (repeatable)
`;

interface Streams {
  readonly out: { write(text: string): unknown };
  readonly err: { write(text: string): unknown };
}

/** `plantstore-mock import`: reads the file, writes the scenario files, reports what it left out. Resolves to the exit code. */
export async function runImportCommand(
  argv: readonly string[],
  { out, err }: Streams = { out: process.stdout, err: process.stderr },
): Promise<number> {
  if (argv.length === 0 || argv.includes('--help') || argv.includes('-h')) {
    (argv.length === 0 ? err : out).write(USAGE);
    return argv.length === 0 ? 2 : 0;
  }
  const [file, ...args] = argv as [string, ...string[]];
  if (file.startsWith('-')) throw new MockConfigError('import: the file to import comes first: plantstore-mock import FILE --out DIR');
  const rest: string[] = [];
  let dir: string | undefined;
  let name: string | undefined;
  let onContractOnly = false;
  let maxBytes: number | undefined;
  const redact: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const [flag, inline] = splitFlag(args[i] as string);
    const value = () => inline ?? args[++i] ?? '';
    if (flag === '--out') dir = value();
    else if (flag === '--name') name = value();
    else if (flag === '--on-contract-only') onContractOnly = true;
    else if (flag === '--redact') redact.push(value());
    else if (flag === '--max-size') {
      const text = value();
      maxBytes = parseSize(text);
      if (maxBytes === undefined || maxBytes === 0)
        throw new MockConfigError(`import: --max-size must be a size such as 64mb, not "${text}"`);
    } else rest.push(args[i] as string);
  }
  if (dir === undefined || dir === '') throw new MockConfigError('import: --out DIR is required: where the scenario files go');
  if (name !== undefined && !/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(name))
    throw new MockConfigError(`import: --name must be a scenario name: letters, digits and -._ (at most 64), not "${name}"`);
  const parsed = await parseArgs(rest);
  if (parsed.kind === 'exit') {
    (parsed.code === 0 ? out : err).write(`${parsed.output}\n`);
    return parsed.code;
  }
  const { importTraffic } = await import('../import/import-traffic.js');
  const report = await importTraffic(
    { ...parsed.options, redact },
    { file, out: dir, onContractOnly, ...(name === undefined ? {} : { name }), ...(maxBytes === undefined ? {} : { maxBytes }) },
  );
  const written = report.files.reduce((n, f) => n + f.exchanges, 0);
  out.write(`read ${report.read} exchanges from ${file} (${report.kind})\n`);
  for (const one of report.files) out.write(`wrote ${one.file}: ${one.exchanges} exchanges\n`);
  if (report.offContract > 0) out.write(`${report.offContract} answers break the document: marked offContract, with the findings\n`);
  if (report.credentialsFilled > 0)
    out.write(`${report.credentialsFilled} carried no usable credentials (masked or stripped): checked with placeholders, never written\n`);
  if (report.unmatched.length > 0) out.write(`${report.unmatched.length} match no operation:\n${lines(report.unmatched)}`);
  if (report.leftOut.length > 0) out.write(`${report.leftOut.length} left out:\n${lines(report.leftOut)}`);
  if (written === 0) err.write('plantstore-mock import: nothing could be imported\n');
  return written === 0 ? 1 : 0;
}

function splitFlag(arg: string): [string, string | undefined] {
  const equals = arg.indexOf('=');
  return arg.startsWith('--') && equals !== -1 ? [arg.slice(0, equals), arg.slice(equals + 1)] : [arg, undefined];
}

/** At most 50 lines, each one line: a file may hold thousands. */
function lines(items: readonly string[]): string {
  const shown = items.slice(0, 50).map((item) => `  ${item.replace(/[\r\n]+/g, ' ')}\n`);
  return `${shown.join('')}${items.length > 50 ? `  ... and ${items.length - 50} more\n` : ''}`;
}
