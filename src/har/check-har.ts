import { createRequire } from 'node:module';
import { Ajv, type ValidateFunction } from 'ajv';

const load = createRequire(import.meta.url);

let validator: ValidateFunction | undefined;

/**
 * What makes a value no HAR 1.2 log, checked against the har-schema package's JSON Schemas (draft-06,
 * with formats): at most `max` messages, each naming the place (`/log/entries/3/request/url`); empty
 * when it is one. Compiled on first use and kept.
 */
export function harViolations(value: unknown, max = 5): string[] {
  validator ??= compileHarSchema();
  if (validator(value)) return [];
  return (validator.errors ?? []).slice(0, max).map((error) => `${error.instancePath || '/'} ${error.message ?? 'is invalid'}`);
}

function compileHarSchema(): ValidateFunction {
  // The schema uses keywords of its own (`optional`, `min`), which strict mode would refuse.
  const ajv = new Ajv({ strict: false, allErrors: false, logger: false });
  ajv.addMetaSchema(load('ajv/dist/refs/json-schema-draft-06.json'));
  (load('ajv-formats') as (ajv: Ajv) => void)(ajv);
  const schemas = load('har-schema') as Record<string, object>;
  for (const [name, schema] of Object.entries(schemas)) if (name !== 'har') ajv.addSchema(schema);
  return ajv.compile(schemas.har as object);
}
