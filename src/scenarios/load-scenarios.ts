import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { ContentCache, contentKey } from '../cache/content-cache.js';
import { MockConfigError } from '../config-error.js';
import { parseYaml } from '../document/yaml-parser.js';
import type { MockOperation } from '../openapi/operation.js';
import { SCENARIO_NAME } from '../protocol.js';
import type { CheckedAtBuild } from './checked-at-build.js';
import { compileRule, type RawRule } from './compile-rule.js';
import { checkStep, OFF_CONTRACT_HINT } from './contract-check.js';
import { validateScenarioFile } from './file-schema.js';
import type { RespondParts } from './respond-rule.js';
import type { Catalogue, Scenario } from './scenario-types.js';

const MAX_FILE_BYTES = 1024 * 1024;

/** Which document a catalogue is for, when the server serves more than one: files name theirs with `spec:`. */
export interface ScenarioDocument {
  readonly name: string;
  /** Every document the server serves, by name. */
  readonly names: readonly string[];
}
const MAX_FILES = 500;

/**
 * Catalogues already loaded and checked in this process, per set of operations and by the files' names
 * and texts: checking every answer against the contract is most of a server's start-up, and its verdict
 * depends only on those. Shared between servers, so never written after it is built.
 */
const CATALOGUES = new WeakMap<readonly MockOperation[], ContentCache<Catalogue>>();

/**
 * Reads every `*.yaml`/`*.yml` of the directories in order (a later directory's file replaces an
 * earlier one of the same name), checks each against the published JSON Schema, compiles its rules
 * and checks every answer against the contract (`webhooks`: the names of the document's webhooks). Any failure is a MockConfigError naming the file, the
 * rule and what is wrong. A file `checked` says the build already checked against this document has its
 * answers' check skipped (not that of steps off the contract without a reason: theirs is the reason).
 */
export async function loadScenarios(
  dirs: readonly string[],
  operations: readonly MockOperation[],
  webhooks: readonly string[],
  parts: RespondParts,
  document?: ScenarioDocument,
  checked?: CheckedAtBuild,
): Promise<Catalogue> {
  const files = new Map<string, string>();
  for (const dir of dirs) for (const [name, path] of scenarioFiles(dir)) files.set(name, path);
  const sorted = [...files].sort(([a], [b]) => byName(a, b));
  const texts = sorted.map(([name, path]) => [name, path, readScenario(path)] as const);
  let cache = CATALOGUES.get(operations);
  if (!cache) {
    cache = new ContentCache(8);
    CATALOGUES.set(operations, cache);
  }
  // The same document may be served twice, at two bases: the catalogue depends on which one it is for.
  return cache.get(contentKey(...texts.flat(), document?.name ?? '', ...webhooks), async () => {
    const catalogue = new Map<string, Scenario>();
    for (const [name, path, text] of texts) {
      const scenario = compileScenario(name, path, text, { operations, webhooks }, parts, document, checked?.(name, text) === true);
      if (scenario) catalogue.set(name, scenario);
    }
    return catalogue;
  });
}

/**
 * Scenario names in the order of `localeCompare`, which on its first call builds ICU's collator (~7 ms of
 * a start-up); names of lowercase letters, digits, dots and dashes sort the same by code unit, as ICU's
 * root collation orders `-` < `.` < digits < letters as ASCII does.
 */
export function byName(a: string, b: string): number {
  if (PLAIN_NAME.test(a) && PLAIN_NAME.test(b)) return a < b ? -1 : a > b ? 1 : 0;
  return a.localeCompare(b);
}
const PLAIN_NAME = /^[a-z0-9.-]*$/;

// Read synchronously, as the document is (src/load/load-spec.ts says why).
function scenarioFiles(dir: string): [string, string][] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
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

function readScenario(path: string): string {
  const fail = (message: string) => new MockConfigError(`scenario file ${path}: ${message}`);
  try {
    if (statSync(path).size > MAX_FILE_BYTES) throw fail(`larger than ${MAX_FILE_BYTES} bytes`);
    return readFileSync(path, 'utf8');
  } catch (error) {
    if (error instanceof MockConfigError) throw error;
    throw fail(`cannot be read: ${(error as Error).message}`);
  }
}

/**
 * Checks a file's text against the schema, compiles its rules and checks each answer against the contract;
 * undefined for a file that names another document.
 */
function compileScenario(
  name: string,
  path: string,
  text: string,
  { operations, webhooks }: { readonly operations: readonly MockOperation[]; readonly webhooks: readonly string[] },
  parts: RespondParts,
  served: ScenarioDocument | undefined,
  checkedAtBuild = false,
): Scenario | undefined {
  const fail = (message: string) => new MockConfigError(`scenario file ${path}: ${message}`);
  let document: unknown;
  try {
    // js-yaml first, as the document is read (the `yaml` package's first parse was ~5% of a start's CPU).
    document = parseYaml(text, { uniqueKeys: true, maxAliasCount: 100 });
  } catch (error) {
    throw fail(`is not valid YAML: ${(error as Error).message.split('\n')[0]}`);
  }
  const schemaError = validateScenarioFile(document);
  if (schemaError !== undefined) throw fail(`does not fit scenario-file.schema.json: ${schemaError}`);
  const file = document as { description: string; rules?: RawRule[]; stateful?: boolean; spec?: string };
  const belongs = belongsTo(file.spec, served);
  if (typeof belongs === 'string') throw fail(belongs);
  if (!belongs) return undefined;
  const warnings: string[] = [];
  const rules = (file.rules ?? []).map((raw, i) => {
    const rule = compileRule(raw, i + 1, operations, webhooks);
    if (typeof rule === 'string') throw fail(`rule ${i + 1}: ${rule}`);
    const targets = rule.operationId === undefined ? operations : operations.filter((op) => op.id === rule.operationId);
    const steps = rule.steps.map((step, s) => {
      const where = rule.steps.length > 1 ? `, step ${s + 1}` : '';
      const found: string[] = [];
      if (checkedAtBuild && step.offContractUnsaid === undefined) return step;
      for (const operation of targets) {
        const violation = checkStep(step, operation, parts);
        if (violation === undefined) continue;
        if (step.offContractUnsaid === undefined) throw fail(`rule ${i + 1} (${operation.id})${where} breaks the contract: ${violation}`);
        found.push(violation.replace(OFF_CONTRACT_HINT, ''));
      }
      if (step.offContractUnsaid === undefined) return step;
      // Off the contract without a reason: what the check found is the reason its answers carry.
      const reason = found.length > 0 ? found.join('; ') : 'marked offContract';
      warnings.push(`scenario file ${path}: rule ${i + 1}${where} is off the contract: ${reason}`);
      return { ...step, offContract: reason };
    });
    return { ...rule, steps };
  });
  return { name, description: file.description, file: path, rules, warnings, stateful: file.stateful === true };
}

/** Whether a file naming `spec` (or none) is one of this document's scenarios; a string says why the file is wrong. */
function belongsTo(spec: string | undefined, served: ScenarioDocument | undefined): boolean | string {
  if (served === undefined) return true;
  if (spec === undefined) {
    if (served.names.length === 1) return true;
    return `name its document with "spec:" (one of ${served.names.join(', ')}): the server serves several`;
  }
  if (!served.names.includes(spec)) return `"spec: ${spec}" names no document served (${served.names.join(', ')})`;
  return spec === served.name;
}
