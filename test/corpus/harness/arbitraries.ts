/**
 * fast-check arbitraries of valid values for a schema, so the property test varies what the
 * conformance test sends once. Strings stay to letters and digits: the property is about the mock's
 * answers, not about encoding (the fuzz script and test/hardening cover that).
 */
import fc from 'fast-check';
import type { RequestParts } from './build-requests.js';
import { resolve, sampleValue } from './sample-value.js';
import type { CorpusOperation, PrismParameter, Schema } from './types.js';

const num = (value: unknown) => (typeof value === 'number' ? value : undefined);

export function valueArbitrary(input: Schema | undefined, root: unknown, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(input, root);
  if (!schema || depth > 3) return fc.constant(sampleValue(input, root));
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return fc.constantFrom(...schema.enum.filter((v) => v !== null));
  if (schema.format !== undefined || schema.pattern !== undefined || schema.oneOf || schema.anyOf || schema.allOf)
    return fc.constant(sampleValue(schema, root));
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type ?? (schema.properties ? 'object' : undefined)) {
    case 'integer': {
      // 3.0 spells an exclusive bound as a boolean beside minimum, 3.1 as a number of its own.
      const exclusiveMin = num(schema.exclusiveMinimum) ?? (schema.exclusiveMinimum === true ? num(schema.minimum) : undefined);
      const exclusiveMax = num(schema.exclusiveMaximum) ?? (schema.exclusiveMaximum === true ? num(schema.maximum) : undefined);
      const min = exclusiveMin !== undefined ? Math.floor(exclusiveMin) + 1 : Math.ceil(num(schema.minimum) ?? -1000);
      const max = exclusiveMax !== undefined ? Math.ceil(exclusiveMax) - 1 : Math.floor(num(schema.maximum) ?? 1000);
      return fc.integer({ min, max: Math.max(min, max) });
    }
    case 'number':
      return valueArbitrary({ ...schema, type: 'integer' }, root, depth);
    case 'boolean':
      return fc.boolean();
    case 'string': {
      const minLength = Math.max(1, num(schema.minLength) ?? 1);
      const maxLength = Math.max(minLength, num(schema.maxLength) ?? 12);
      return fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'), minLength, maxLength });
    }
    case 'array':
      return fc.array(valueArbitrary(schema.items as Schema | undefined, root, depth + 1), { minLength: 1, maxLength: 3 });
    case 'object':
      return objectArbitrary(schema, root, depth);
    default:
      return fc.constant(sampleValue(schema, root));
  }
}

function objectArbitrary(schema: Schema, root: unknown, depth: number): fc.Arbitrary<unknown> {
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  const properties = Object.entries((schema.properties ?? {}) as Record<string, Schema>).filter(
    ([, p]) => resolve(p, root)?.readOnly !== true,
  );
  const model = Object.fromEntries(properties.map(([name, p]) => [name, valueArbitrary(p, root, depth + 1)]));
  return fc.record(model, { requiredKeys: required.filter((name) => name in model) });
}

function parametersArbitrary(list: readonly PrismParameter[] | undefined, root: unknown, all: boolean) {
  const chosen = (list ?? []).filter((p) => all || p.required);
  return fc.record(Object.fromEntries(chosen.map((p) => [p.name, valueArbitrary(p.schema, root)])));
}

/** Valid request parts with generated values, shaped like build-requests' validParts. */
export function partsArbitrary(operation: CorpusOperation, base: RequestParts): fc.Arbitrary<RequestParts> {
  const op = operation.prism;
  const content = op.request?.body?.contents?.[0];
  return fc
    .record({
      pathValues: parametersArbitrary(op.request?.path, op, true),
      query: parametersArbitrary(op.request?.query, op, false),
      headers: parametersArbitrary(op.request?.headers, op, false),
      cookies: parametersArbitrary(op.request?.cookie, op, false),
      body: content?.schema && base.body ? valueArbitrary(content.schema, op) : fc.constant(base.body?.value),
    })
    .map(({ body, ...parameters }) => ({
      ...parameters,
      body: base.body ? { mediaType: base.body.mediaType, value: body } : undefined,
      credentials: true,
    }));
}
