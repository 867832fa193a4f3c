import { afterEach, describe, expect, it } from 'vitest';
import { MockConfigError } from '../config-error.js';
import type { CliDeclaration } from '../option-kinds.js';
import { DECLARATIONS, envOf } from '../option-table.js';
import { resolveOptions } from '../options.js';
import { asFlags, cliDefault, FLAGS } from './flags.js';
import { parseArgs } from './parse-args.js';
import { parseSize } from './size.js';

/** A valid value other than the CLI's default, as typed on the command line. */
function sample(declaration: CliDeclaration): string | boolean {
  switch (declaration.kind) {
    case 'integer':
      // Up from the default, not to a bound: a bound would break headersTimeout <= requestTimeout.
      return String(Math.min(declaration.max, Number(cliDefault(declaration) ?? declaration.min) + 1));
    case 'size':
      return `${declaration.default / 1024 + 1}kb`;
    case 'boolean':
      // bundledScenarios has no plain default: it is on with the bundled spec.
      return !(cliDefault(declaration) ?? true);
    case 'choice':
      return declaration.choices.find((choice) => choice !== cliDefault(declaration)) ?? '';
    case 'tokens':
      // Tokens, host names, or origins: the first sample list the declaration's pattern takes.
      return (
        ['token-a,token-b', 'http://a.test,http://b.test'].find((list) => list.split(',').every((v) => declaration.pattern.test(v))) ?? ''
      );
    case 'string':
      // A name or token, milliseconds (--delay) or a URL (--proxy, --store): the first sample the declaration's pattern takes.
      return ['sample-1', '120', 'http://a.test/v1', 'redis://a.test:6379'].find((value) => declaration.pattern.test(value)) ?? '';
    case 'path':
      return 'some/dir';
  }
}

function asArgv(flag: string, value: string | boolean): string[] {
  if (typeof value === 'boolean') return [value ? `--${flag}` : `--no-${flag}`];
  return value.split(',').flatMap((part) => [`--${flag}`, part]);
}

/** What resolveOptions makes of the CLI's options, or the one line the CLI would print. */
async function resolved(argv: string[]): Promise<unknown> {
  const parsed = await parseArgs(argv);
  if (parsed.kind === 'exit') return parsed.output;
  try {
    return resolveOptions(parsed.options);
  } catch (error) {
    if (error instanceof MockConfigError) return asFlags(error.message);
    throw error;
  }
}

afterEach(() => {
  for (const name of Object.keys(process.env)) if (name.startsWith('PLANTSTORE_MOCK_')) delete process.env[name];
});

describe('every declared option', () => {
  it('has a flag, except the programmatic-only log stream, exporter settings (the CLI reads OTEL_*) and document cache', () => {
    const withoutFlag = DECLARATIONS.filter(([name]) => !FLAGS.some((f) => f.name === name)).map(([name]) => name);
    expect(withoutFlag).toEqual(['logStream', 'otel', 'documentCache']);
  });

  it.each(FLAGS.map((f) => [f.flag, f] as const))('--%s and its environment variable reach resolveOptions alike', async (_flag, f) => {
    const value = sample(f.declaration);
    const fromFlag = await resolved(asArgv(f.flag, value));
    process.env[envOf(f.name)] = String(value);
    const fromEnv = await resolved([]);
    delete process.env[envOf(f.name)];
    expect(fromFlag).toBeTypeOf('object');
    expect(fromEnv).toEqual(fromFlag);
    expect(fromFlag).not.toEqual(await resolved([]));
  });

  const bounded = FLAGS.flatMap(({ flag, declaration: d }) =>
    d.kind === 'integer' || d.kind === 'size'
      ? [d.min - 1, d.max + 1].filter((n) => n >= 0 || d.kind === 'integer').map((n) => [flag, n, d.min, d.max] as const)
      : [],
  );
  it.each(bounded)('--%s %d is rejected naming the flag', async (flag, value, min, max) => {
    expect(await resolved([`--${flag}=${value}`])).toBe(`--${flag} must be an integer from ${min} to ${max}; got ${value}`);
  });

  it('has CLI defaults within its bounds, as resolveOptions checks', async () => {
    expect(await resolved([])).toBeTypeOf('object');
    for (const { declaration } of FLAGS) {
      if (declaration.kind === 'size') expect(parseSize(String(cliDefault(declaration)))).toBe(declaration.default);
    }
  });
});
