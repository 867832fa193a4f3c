import { parseArgs } from 'node:util';

/**
 * The flags of a bench script: `--NAME N` for each number in `numbers` (its default there), `--out PATH`
 * for the report, and `--baseline DIR` (a package root holding an earlier build's dist/, see
 * snapshot-build.ts) where the script measures one beside the current build. A flag it does not know,
 * or a value that is no number, stops the script.
 */
export function benchFlags<K extends string>(
  numbers: Record<K, number>,
  out: string,
): Readonly<Record<K, number>> & { readonly out: string; readonly baseline: string | undefined } {
  const options: Record<string, { type: 'string'; default?: string }> = {
    out: { type: 'string', default: out },
    baseline: { type: 'string' },
  };
  for (const [name, value] of Object.entries<number>(numbers)) options[name] = { type: 'string', default: String(value) };
  const { values } = parseArgs({ options });
  const flags: Record<string, number | string | undefined> = { out: String(values.out), baseline: values.baseline as string | undefined };
  for (const name of Object.keys(numbers)) {
    const value = Number(values[name]);
    if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} takes a number, not "${String(values[name])}"`);
    flags[name] = value;
  }
  return flags as Record<K, number> & { out: string; baseline: string | undefined };
}
