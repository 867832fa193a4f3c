import { afterEach, describe, expect, it } from 'vitest';
import { envOf } from '../option-table.js';
import { FLAGS } from './flags.js';
import { parseArgs, parseArgsByYargs } from './parse-args.js';
import { parsePlain } from './plain-args.js';

/** Command lines a start may be given for one flag: the first ones valid, yargs-parser's to read alone. */
function casesOf({ flag, declaration }: (typeof FLAGS)[number]): { plain: string[][]; other: string[][]; env: string[] } {
  const names = [flag, ...(declaration.aliases ?? [])];
  switch (declaration.kind) {
    case 'integer':
      return {
        plain: names.map((n) => [`--${n}`, '7']).concat([[`--${flag}=0`], [`--${flag}`, 'many'], [`--${flag}`]]),
        other: [],
        env: ['7', 'x'],
      };
    case 'size':
      return { plain: [[`--${flag}`, '2mb'], [`--${flag}=100`], [`--${flag}`, 'lots']], other: [], env: ['1kb'] };
    case 'boolean':
      return {
        plain: [[`--${flag}`], [`--no-${flag}`], [`--${flag}=false`], [`--${flag}`, 'true'], [`--${flag}`, 'doc.yaml']],
        other: [],
        env: ['true', 'false'],
      };
    case 'choice':
      return {
        plain: declaration.choices.flatMap((choice) => names.map((n) => [`--${n}`, String(choice)])),
        other: [[`--${flag}`, 'nope'], [`--${flag}`]],
        env: [String(declaration.choices[0]), 'nope'],
      };
    case 'tokens':
      return { plain: [[`--${flag}`, 'a'], [`--${flag}`, 'a', `--${flag}`, 'b,c'], [`--${flag}=x y`]], other: [], env: ['a,b'] };
    default:
      return { plain: [[`--${flag}`, 'x y'], [`--${flag}=a=b`], [`--${flag}`, 'a', `--${flag}`, 'b']], other: [], env: ['x'] };
  }
}

const GENERAL_PLAIN = [
  [],
  ['doc.yaml'],
  ['-p', '4010', 'doc.yaml'],
  ['-p4010'],
  ['--port=1', '--host', '0.0.0.0', 'x.json'],
  ['--spec', 'a', 'b'],
];
const GENERAL_OTHER = [
  ['--log-level', 'info', '--log-level', 'warn'],
  ['--bogus'],
  ['--help'],
  ['--version'],
  ['-h'],
  ['coverage'],
  ['--', 'x'],
  ['a', 'b'],
  ['--port', '1', 'mcp'],
];

const ENV = new Set<string>();
afterEach(() => {
  for (const name of ENV) delete process.env[name];
  ENV.clear();
});

describe('a plain start read by yargs-parser alone', () => {
  it.each(FLAGS.map((f) => [f.flag, f] as const))('reads --%s as yargs does', async (_flag, option) => {
    const { plain, other } = casesOf(option);
    for (const argv of plain) {
      expect(parsePlain(argv), argv.join(' ')).toBeDefined();
      expect(await parseArgs(argv), argv.join(' ')).toEqual(await parseArgsByYargs(argv));
    }
    for (const argv of other) expect(await parseArgs(argv), argv.join(' ')).toEqual(await parseArgsByYargs(argv));
  });

  it.each(FLAGS.map((f) => [f.flag, f] as const))('reads the environment variable of --%s as yargs does', async (_flag, option) => {
    const name = envOf(option.name);
    ENV.add(name);
    for (const value of casesOf(option).env) {
      process.env[name] = value;
      expect(await parseArgs([]), `${name}=${value}`).toEqual(await parseArgsByYargs([]));
    }
  });

  it('reads documents and short flags as yargs does, and leaves help, version, subcommands and mistakes to it', async () => {
    for (const argv of GENERAL_PLAIN) {
      expect(parsePlain(argv), argv.join(' ')).toBeDefined();
      expect(await parseArgs(argv), argv.join(' ')).toEqual(await parseArgsByYargs(argv));
    }
    for (const argv of GENERAL_OTHER) {
      expect(parsePlain(argv), argv.join(' ')).toBeUndefined();
      expect(await parseArgs(argv), argv.join(' ')).toEqual(await parseArgsByYargs(argv));
    }
    ENV.add('PLANTSTORE_MOCK_BOGUS');
    process.env.PLANTSTORE_MOCK_BOGUS = '1';
    expect(await parseArgs([])).toEqual(await parseArgsByYargs([]));
  });
});
