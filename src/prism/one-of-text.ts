import { type PrismDiagnostic, ValidationContext, validateAgainstSchema } from './prism-internals.js';

type Values = Readonly<Record<string, string | string[] | undefined>>;
interface Spec {
  readonly name?: unknown;
  readonly schema?: unknown;
}

/**
 * Prism checks a parameter's text with Ajv coercing types in each branch of a `oneOf`, so pandascore's
 * `/leagues/1` (`oneOf: [integer ID, string slug]`) matched both branches and was refused, though the
 * integer 1 and the text "1" each match exactly one. A `oneOf` diagnostic on a parameter whose text,
 * read as text, as a number or as a boolean, fits its schema without coercion is left out.
 */
export function withoutCoercedOneOf(
  diagnostics: readonly PrismDiagnostic[],
  prefix: 'path' | 'query' | 'header',
  specs: readonly unknown[] | undefined,
  values: Values,
  bundle: unknown,
): readonly PrismDiagnostic[] {
  // The usual request has no oneOf finding: its list goes on as it is, with no copy made per request.
  if (!specs || !diagnostics.some((d) => d.code === 'oneOf' && d.path?.[0] === prefix)) return diagnostics;
  const fits = new Map<string, boolean>();
  const fitting = (name: string) => {
    let known = fits.get(name);
    if (known === undefined) {
      known = textFits(name, specs, values, bundle);
      fits.set(name, known);
    }
    return known;
  };
  return diagnostics.filter((d) => !(d.code === 'oneOf' && d.path?.[0] === prefix && d.path.length === 2 && fitting(String(d.path[1]))));
}

function textFits(name: string, specs: readonly unknown[], values: Values, bundle: unknown): boolean {
  const spec = specs.find((s) => String((s as Spec).name).toLowerCase() === name) as Spec | undefined;
  const schema = spec?.schema;
  if (!spec || schema === null || typeof schema !== 'object') return false;
  const key = Object.keys(values).find((k) => k.toLowerCase() === name);
  const text = key === undefined ? undefined : values[key];
  if (typeof text !== 'string') return false;
  const readings: unknown[] = [text];
  if (text.trim() !== '' && Number.isFinite(Number(text))) readings.push(Number(text));
  if (text === 'true' || text === 'false') readings.push(text === 'true');
  const check = (value: unknown) =>
    validateAgainstSchema(value, schema as Record<string, unknown>, false, ValidationContext.Input, '', bundle);
  return readings.some((value) => check(value)._tag === 'None');
}
