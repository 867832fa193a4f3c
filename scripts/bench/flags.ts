import { parseArgs } from 'node:util';

/**
 * The flags of a bench script: `--NAME N` for each number in `numbers` (its default there), and
 * `--out PATH` for the report. A flag it does not know, or a value that is no number, stops the script.
 */
export function benchFlags<K extends string>(
  numbers: Record<K, number>,
  out: string,
): Readonly<Record<K, number>> & { readonly out: string } {
  const options: Record<string, { type: 'string'; default: string }> = { out: { type: 'string', default: out } };
  for (const [name, value] of Object.entries<number>(numbers)) options[name] = { type: 'string', default: String(value) };
  const { values } = parseArgs({ options });
  const flags: Record<string, number | string> = { out: String(values.out) };
  for (const name of Object.keys(numbers)) {
    const value = Number(values[name]);
    if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} takes a number, not "${String(values[name])}"`);
    flags[name] = value;
  }
  return flags as Record<K, number> & { out: string };
}
