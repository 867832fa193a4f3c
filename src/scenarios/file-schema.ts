import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { SCENARIO_FILE_SCHEMA } from '../assets/package-files.js';
import { precompiledScenarioValidator, type ScenarioFileValidator } from './file-schema-precompiled.js';

export { SCENARIO_FILE_SCHEMA };

/**
 * The schema is ours and checked against draft-07 by its unit test, so Ajv skips compiling the meta-schema
 * to check it again at every start. Compiled once: the validator is a pure function of the schema. The
 * bundles carry it compiled at build time with these same options (scripts/bundle-cli.mjs).
 */
export const SCENARIO_SCHEMA_AJV_OPTIONS = { allErrors: false, strict: false, validateSchema: false } as const;
const validate: ScenarioFileValidator =
  precompiledScenarioValidator() ?? new Ajv(SCENARIO_SCHEMA_AJV_OPTIONS).compile(JSON.parse(readFileSync(SCENARIO_FILE_SCHEMA, 'utf8')));

/** Undefined when the parsed file fits the schema, else the first violation with where it is. */
export function validateScenarioFile(document: unknown): string | undefined {
  if (validate(document)) return undefined;
  const error = validate.errors?.[0];
  if (!error) return 'invalid';
  const where = error.instancePath === '' ? 'the file' : error.instancePath;
  const detail = error.params && 'allowedValues' in error.params ? ` (${(error.params.allowedValues as unknown[]).join(', ')})` : '';
  const extra = error.params && 'additionalProperty' in error.params ? ` "${String(error.params.additionalProperty)}"` : '';
  return `${where} ${error.message ?? 'is invalid'}${extra}${detail}`;
}
