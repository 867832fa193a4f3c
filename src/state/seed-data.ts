import { readFile } from 'node:fs/promises';
import { parse as parseYaml } from 'yaml';
import { MockConfigError } from '../config-error.js';
import { checkInput, checkOutput } from '../prism/prism-engine.js';
import { idKey, type RecordSets as SeedData } from '../sessions/session-store.js';
import type { Resource, StateModel } from './infer-resources.js';
import { isRecord } from './schema-shape.js';

/**
 * Reads `--data FILE` (JSON or YAML: collection path -> array of records) and checks every record
 * against the document: the create operation's request schema, else the read operation's answer.
 * A record without an id gets one as the mock would assign it. Any problem is a MockConfigError naming
 * the file, the record and the violation.
 */
export async function loadSeedData(file: string, model: StateModel): Promise<SeedData> {
  const fail = (message: string): never => {
    throw new MockConfigError(`data file ${file}: ${message}`);
  };
  let text = '';
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    fail(`cannot be read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  let document: unknown;
  try {
    document = parseYaml(text, { uniqueKeys: true, intAsBigInt: false });
  } catch (error) {
    fail(`is not valid YAML or JSON: ${(error as Error).message.split('\n')[0]}`);
  }
  return readSeedCollections(document, model, fail);
}

/**
 * Collection path -> records, each checked against the document (as `--data` and `PUT /__mock/state`
 * read them); `fail` is told the first problem and throws.
 */
export function readSeedCollections(document: unknown, model: StateModel, fail: (message: string) => never): SeedData {
  if (!isRecord(document)) return fail('must map collection paths (such as /plants) to arrays of records');
  const seeds = new Map<string, Record<string, unknown>[]>();
  for (const [path, records] of Object.entries(document)) {
    const resource = model.resources.find((r) => matchesTemplate(r.collection, path));
    if (!resource)
      fail(`${path} is not a collection of the document; collections: ${model.resources.map((r) => r.collection).join(', ') || '(none)'}`);
    if (!Array.isArray(records)) return fail(`${path} must be an array of records`);
    seeds.set(path, checkRecords(path, records, resource as Resource, fail));
  }
  return seeds;
}

function checkRecords(path: string, records: unknown[], resource: Resource, fail: (message: string) => never): Record<string, unknown>[] {
  const seen = new Set<string>();
  let next = 1;
  return records.map((value, index) => {
    const where = `${path} record ${index + 1}`;
    if (!isRecord(value)) return fail(`${where} must be an object`);
    const violation = violationOf(resource, path, value);
    if (violation) fail(`${where}: ${violation}`);
    const record = { ...value };
    if (record[resource.idField] === undefined) {
      while (seen.has(String(next))) next++;
      record[resource.idField] = resource.idKind === 'integer' ? next : String(next);
    }
    const key = idKey(record[resource.idField]);
    if (seen.has(key)) fail(`${where}: id ${key} appears twice`);
    seen.add(key);
    return record;
  });
}

function violationOf(resource: Resource, path: string, record: Record<string, unknown>): string | undefined {
  const create = resource.operations.create;
  if (create) {
    const request = {
      method: create.method,
      url: { path, query: {} },
      headers: { 'content-type': 'application/json', 'content-length': '2' },
      body: record,
    };
    const findings = checkInput(create, request).filter((f) => f.location === 'body' || f.location === 'media-type');
    return findings.map((f) => `${['body', ...f.path].join('.')} ${f.message}`).join('; ') || undefined;
  }
  const read = resource.operations.read;
  if (!read) return undefined;
  const violations = checkOutput(read, 200, { 'content-type': 'application/json' }, record);
  return violations.join('; ') || undefined;
}

function matchesTemplate(template: string, path: string): boolean {
  if (template === path) return true;
  const pattern = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^/{}]+\\?\}/g, '[^/]+');
  return new RegExp(`^${pattern.replace(/\{[^/{}]+\}/g, '[^/]+')}$`).test(path);
}
