import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { MockConfigError } from '../config-error.js';
import type { MockOperation } from '../openapi/operation.js';
import { SCENARIO_NAME } from '../protocol.js';
import { compileRule, type RawRule } from './compile-rule.js';
import { checkStep } from './contract-check.js';
import { validateScenarioFile } from './file-schema.js';
import type { RespondParts } from './respond-rule.js';
import type { Catalogue, Scenario } from './scenario-types.js';

const MAX_FILE_BYTES = 1024 * 1024;
const MAX_FILES = 500;

/**
 * Reads every `*.yaml`/`*.yml` of the directories in order (a later directory's file replaces an
 * earlier one of the same name), checks each against the published JSON Schema, compiles its rules
 * and checks every answer against the contract. Any failure is a MockConfigError naming the file, the
 * rule and what is wrong.
 */
export async function loadScenarios(
  dirs: readonly string[],
  operations: readonly MockOperation[],
  parts: RespondParts,
): Promise<Catalogue> {
  const files = new Map<string, string>();
  for (const dir of dirs) for (const [name, path] of await scenarioFiles(dir)) files.set(name, path);
  const catalogue = new Map<string, Scenario>();
  for (const [name, path] of [...files].sort(([a], [b]) => a.localeCompare(b))) {
    catalogue.set(name, await loadScenario(name, path, operations, parts));
  }
  return catalogue;
}

async function scenarioFiles(dir: string): Promise<[string, string][]> {
  let entries: string[];
  try {
    entries = await readdir(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new MockConfigError(
      `cannot read scenarios directory ${dir}: ${code === 'ENOENT' ? 'no such directory' : (error as Error).message}`,
    );
  }
  const yaml = entries.filter((entry) => /\.ya?ml$/i.test(entry) && !entry.startsWith('.')).sort();
  if (yaml.length > MAX_FILES) throw new MockConfigError(`scenarios directory ${dir} has ${yaml.length} files; at most ${MAX_FILES}`);
  return yaml.map((entry) => {
    const name = basename(entry, extname(entry));
    if (!SCENARIO_NAME.test(name))
      throw new MockConfigError(`scenario file ${join(dir, entry)}: the name "${name}" must be letters, digits and -._ (at most 64)`);
    return [name, join(dir, entry)];
  });
}

async function loadScenario(name: string, path: string, operations: readonly MockOperation[], parts: RespondParts): Promise<Scenario> {
  const fail = (message: string) => new MockConfigError(`scenario file ${path}: ${message}`);
  let text: string;
  try {
    if ((await stat(path)).size > MAX_FILE_BYTES) throw fail(`larger than ${MAX_FILE_BYTES} bytes`);
    text = await readFile(path, 'utf8');
  } catch (error) {
    if (error instanceof MockConfigError) throw error;
    throw fail(`cannot be read: ${(error as Error).message}`);
  }
  let document: unknown;
  try {
    document = parseYaml(text, { uniqueKeys: true, maxAliasCount: 100 });
  } catch (error) {
    throw fail(`is not valid YAML: ${(error as Error).message.split('\n')[0]}`);
  }
  const schemaError = validateScenarioFile(document);
  if (schemaError !== undefined) throw fail(`does not fit scenario-file.schema.json: ${schemaError}`);
  const file = document as { description: string; rules: RawRule[] };
  const rules = file.rules.map((raw, i) => {
    const rule = compileRule(raw, i + 1, operations);
    if (typeof rule === 'string') throw fail(`rule ${i + 1}: ${rule}`);
    const targets = rule.operationId === undefined ? operations : operations.filter((op) => op.id === rule.operationId);
    rule.steps.forEach((step, s) => {
      for (const operation of targets) {
        const violation = checkStep(step, operation, parts);
        const where = rule.steps.length > 1 ? `, step ${s + 1}` : '';
        if (violation !== undefined) throw fail(`rule ${i + 1} (${operation.id})${where} breaks the contract: ${violation}`);
      }
    });
    return rule;
  });
  return { name, description: file.description, file: path, rules };
}
