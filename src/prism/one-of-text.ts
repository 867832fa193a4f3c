import type { JsonSchema } from '../json/json-schema.js';
import { prismValidatorOf } from './direct-body-check.js';
import { perSchema } from './per-schema.js';
import type { PrismDiagnostic } from './prism-internals.js';

type Values = Readonly<Record<string, string | string[] | undefined>>;
interface Spec {
  readonly name?: unknown;
  readonly schema?: unknown;
}

/**
 * Prism checks a parameter's text with Ajv coercing types in each branch of a `oneOf`, so pandascore's
 * `/leagues/1` (`oneOf: [integer ID, string slug]`) matched both branches and was refused, though the
 * integer 1 and the text "1" each match exactly one. A `oneOf` diagnostic on a parameter whose text,
 * read as text, as a number or as a boolean, fits its schema without coercion is left out. Where Ajv
 * refuses the schema without coercion, the text is let pass unverified, as a service that parses its
 * parameters by type would take it and as Prism reads every schema Ajv refuses; the lint names each
 * such schema once (textUnchecked), rather than the mock refusing requests it cannot judge.
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
  const check = textCheckOf(schema as JsonSchema, bundle);
  // Unverifiable: let pass, as Prism reads a schema Ajv refuses; the document's lint names it (textUnchecked).
  if (check === undefined) return true;
  return readings.some((value) => {
    try {
      return check(value) === true;
    } catch {
      return true;
    }
  });
}

/**
 * Whether a parameter's `oneOf` text cannot be checked without coercion, because Ajv refuses its schema:
 * a text refused by Prism's coercing check is then let pass (see withoutCoercedOneOf), which the lint says.
 */
export function textUnchecked(schema: JsonSchema | undefined, bundle: unknown): boolean {
  return schema !== undefined && Array.isArray(schema.oneOf) && textCheckOf(schema, bundle) === undefined;
}

/**
 * The schema's check without coercion, compiled once per schema from a copy (Prism may hold the
 * original's validator out of sight); undefined where Ajv refuses to compile it.
 */
const textCheckOf = perSchema((schema, bundle) => prismValidatorOf({ ...schema }, bundle));
