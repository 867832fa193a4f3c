import { readFile } from 'node:fs/promises';
import { parse as parseYaml } from 'yaml';
import { MockConfigError } from '../config-error.js';
import { loadOperations } from '../prism/prism-engine.js';
import { ADMIN_PREFIX } from '../protocol.js';
import type { MockOperation } from './operation.js';

export interface LoadedSpec {
  readonly path: string;
  readonly title: string;
  readonly version: string;
  readonly operations: readonly MockOperation[];
}

/**
 * Reads and checks the document, then compiles its operations. Every failure is a MockConfigError whose
 * one-line message names the file: unreadable, not YAML/JSON, not OpenAPI, unresolvable references.
 */
export async function loadSpec(path: string): Promise<LoadedSpec> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new MockConfigError(
      `cannot read spec ${path}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : (error as Error).message}`,
    );
  }
  let document: unknown;
  try {
    document = parseYaml(text, { prettyErrors: true, uniqueKeys: true });
  } catch (error) {
    throw new MockConfigError(`spec ${path} is not valid YAML or JSON: ${firstLine(error)}`);
  }
  const root = document !== null && typeof document === 'object' ? (document as Record<string, unknown>) : undefined;
  if (!root || (typeof root.openapi !== 'string' && root.swagger !== '2.0')) {
    throw new MockConfigError(`spec ${path} is not an OpenAPI document: it has no "openapi: 3.x" (or "swagger: 2.0") field`);
  }
  if (root.paths === null || typeof root.paths !== 'object') throw new MockConfigError(`spec ${path} has no "paths" object`);
  let operations: MockOperation[];
  try {
    operations = await loadOperations(path);
  } catch (error) {
    throw new MockConfigError(`spec ${path} cannot be loaded: ${firstLine(error)}`);
  }
  if (operations.length === 0) throw new MockConfigError(`spec ${path} defines no operations`);
  const reserved = operations.find((op) => op.path === ADMIN_PREFIX || op.path.startsWith(`${ADMIN_PREFIX}/`));
  if (reserved) throw new MockConfigError(`spec ${path} defines ${reserved.path}, but ${ADMIN_PREFIX}/ is reserved for the mock itself`);
  const info = (root.info ?? {}) as Record<string, unknown>;
  return { path, title: String(info.title ?? 'API'), version: String(info.version ?? ''), operations };
}

function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0]?.trim() ?? message;
}
