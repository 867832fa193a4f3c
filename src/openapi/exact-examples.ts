import { parse as parseYaml } from 'yaml';
import { isJsonObject } from '../json/json-object.js';
import { unescapeToken } from '../json/json-pointer.js';
import { parseJson } from '../json/parse-json.js';
import type { MockContent, MockOperation } from './operation.js';

type Node = Record<string, unknown>;

/**
 * Media-type examples with every digit of their big integers. The reference parser reads integers as
 * doubles, so `9007199254740993` would be answered as `…992`; when the document's text holds an
 * integer of 16 digits or more, an operation whose response examples hold an integer the double could
 * not keep takes each OpenAPI 3 response example from the text read again with exact integers (as a
 * bigint beyond 2^53, a number otherwise). The text is read again at most once, when the first such
 * operation is made. Undefined when the text holds no such integer.
 */
export function exactExamples(text: string): ((operation: MockOperation) => MockOperation) | undefined {
  if (!/\d{16,}/.test(text)) return undefined;
  let root: Node | null | undefined;
  return (operation) => {
    if (!operation.responses.some((response) => response.contents.some((content) => content.examples.some((e) => lostDigits(e.value)))))
      return operation;
    root ??= readExactly(text);
    return root ? withExact(root, operation) : operation;
  };
}

/** The document with exact integers: JSON by the lossless JSON reader, YAML by the YAML reader. */
function readExactly(text: string): Node | null {
  const json = parseJson(text);
  let document: unknown;
  try {
    document = json.ok ? json.value : parseYaml(text, { intAsBigInt: true });
  } catch {
    return null;
  }
  return isJsonObject(document) && typeof document.openapi === 'string' ? document : null;
}

function withExact(root: Node, operation: MockOperation): MockOperation {
  const method = follow(root, follow(root, root.paths)?.[operation.path])?.[operation.method.toLowerCase()];
  const responses = follow(root, follow(root, method)?.responses);
  if (!responses) return operation;
  return {
    ...operation,
    responses: operation.responses.map((response) => {
      const content = follow(root, follow(root, responses[response.code])?.content);
      return content
        ? { ...response, contents: response.contents.map((c) => exact(root, c, follow(root, content[c.mediaType]))) }
        : response;
    }),
  };
}

/** Whether a value read as doubles holds an integer too large for a double to keep exactly. */
function lostDigits(value: unknown): boolean {
  if (typeof value === 'number') return Number.isInteger(value) && !Number.isSafeInteger(value);
  if (Array.isArray(value)) return value.some(lostDigits);
  if (isJsonObject(value)) return Object.values(value).some(lostDigits);
  return false;
}

function exact(root: Node, content: MockContent, media: Node | undefined): MockContent {
  if (!media || content.examples.length === 0) return content;
  const named = follow(root, media.examples);
  return {
    ...content,
    examples: content.examples.map((example) => {
      const source = named ? follow(root, named[example.name])?.value : media.example;
      return source === undefined ? example : { ...example, value: numbersBack(source) };
    }),
  };
}

/** Integers the double holds exactly become numbers again; only the others stay bigints. */
function numbersBack(value: unknown): unknown {
  if (typeof value === 'bigint')
    return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;
  if (Array.isArray(value)) return value.map(numbersBack);
  if (isJsonObject(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, numbersBack(item)]));
  return value;
}

/** The object at a node, through a local `$ref` if it is one. */
function follow(root: Node, node: unknown): Node | undefined {
  let current = node;
  for (let hops = 0; isJsonObject(current) && typeof current.$ref === 'string' && hops < 16; hops += 1) {
    const ref: string = current.$ref;
    if (!ref.startsWith('#/')) return undefined;
    current = ref
      .slice(2)
      .split('/')
      .reduce<unknown>((at, raw) => (isJsonObject(at) ? at[unescapeToken(raw)] : undefined), root);
  }
  return isJsonObject(current) ? current : undefined;
}
