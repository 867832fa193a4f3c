import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { SCENARIO_FILE_SCHEMA, validateScenarioFile } from './file-schema.js';

describe('the scenario-file schema', () => {
  it('is a valid draft-07 schema (the mock compiles it without checking it again at start-up)', () => {
    const ajv = new Ajv({ strict: false });
    expect(ajv.validateSchema(JSON.parse(readFileSync(SCENARIO_FILE_SCHEMA, 'utf8'))), JSON.stringify(ajv.errors)).toBe(true);
  });

  it('names the first violation and where it is', () => {
    expect(validateScenarioFile({ nonsense: true })).toMatch(/^the file /);
  });
});
