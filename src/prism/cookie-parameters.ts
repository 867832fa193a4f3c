import { parseCookie } from 'cookie';
import { formDeserializers, type PrismDiagnostic, ValidationContext, validateParams } from './prism-internals.js';

/**
 * Cookie parameters, which Prism 5.12 declares but never validates: the Cookie header is read with
 * the `cookie` package and judged by Prism's own parameter validator (form style, the only one
 * OpenAPI allows for cookies), so the verdicts read like Prism's for query and headers.
 */
export function checkCookies(specs: readonly unknown[], header: string | undefined, bundle: unknown): PrismDiagnostic[] {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(parseCookie(header ?? ''))) if (value !== undefined) values[name] = value;
  const result = validateParams(
    values,
    specs,
    ValidationContext.Input,
    bundle,
  )({
    deserializers: formDeserializers,
    prefix: 'cookie',
    defaultStyle: 'form',
  });
  return result._tag === 'Right' ? [] : result.left.filter((d) => d.severity === 0);
}
