import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { parse } from 'yaml';

let ajv: Ajv | undefined;

/** The bundled contract's schemas, compiled on first use. */
function contract(): Ajv {
  if (ajv) return ajv;
  ajv = new Ajv({ strict: false, allErrors: true });
  ajv.addSchema(parse(readFileSync(new URL('../../openapi.yaml', import.meta.url), 'utf8')), 'openapi.yaml');
  ajv.addFormat('int32', { type: 'number', validate: (n: number) => Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31 });
  ajv.addFormat('int64', { type: 'number', validate: Number.isInteger });
  return ajv;
}

/** Asserts a body against a schema of the bundled contract (Plant, NewPlant or Error); returns the errors. */
export function contractErrors(schemaName: 'Plant' | 'NewPlant' | 'Error', body: unknown): string | undefined {
  const validator = contract();
  const validate = validator.getSchema(`openapi.yaml#/components/schemas/${schemaName}`);
  if (!validate) throw new Error(`no schema ${schemaName}`);
  return validate(body) ? undefined : validator.errorsText(validate.errors);
}
