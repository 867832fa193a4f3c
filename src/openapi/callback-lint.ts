import { createLocalReferences } from '../document/local-refs.js';
import { isJsonObject } from '../json/json-object.js';
import { escapeToken } from '../json/json-pointer.js';
import type { LintFinding } from './document-lint.js';
import { parseTemplate } from './runtime-expression.js';

type Node = Record<string, unknown>;

/**
 * The callbacks whose key the mock cannot evaluate (an unknown runtime expression, a `{` never
 * closed): found at load from the keys alone, so the start-up warns naming the operation rather than
 * the first answer failing to call back.
 */
export function callbackProblems(root: Node): LintFinding[] {
  const local = createLocalReferences(root);
  const follow = (node: unknown): unknown => {
    try {
      return local.follow(node);
    } catch {
      return undefined;
    }
  };
  const problems: LintFinding[] = [];
  const paths = follow(root.paths);
  if (!isJsonObject(paths)) return problems;
  for (const [path, rawItem] of Object.entries(paths)) {
    const item = follow(rawItem);
    if (!isJsonObject(item)) continue;
    for (const [method, rawOperation] of Object.entries(item)) {
      const operation = follow(rawOperation);
      const callbacks = isJsonObject(operation) ? follow(operation.callbacks) : undefined;
      if (!isJsonObject(callbacks) || !isJsonObject(operation)) continue;
      const id = typeof operation.operationId === 'string' ? operation.operationId : `${method.toUpperCase()} ${path}`;
      for (const [name, rawCallback] of Object.entries(callbacks)) {
        const callback = follow(rawCallback);
        if (!isJsonObject(callback)) continue;
        for (const key of Object.keys(callback)) {
          const parsed = parseTemplate(key);
          if (!('error' in parsed)) continue;
          const pointer = `/paths/${escapeToken(path)}/${escapeToken(method)}/callbacks/${escapeToken(name)}/${escapeToken(key)}`;
          problems.push({ kind: 'callback', pointer, operation: id, message: `callback ${name} of ${id} is never sent: ${parsed.error}` });
        }
      }
    }
  }
  return problems;
}
