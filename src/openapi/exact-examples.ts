import { parse as parseYaml } from 'yaml';
import type { MockContent, MockOperation } from './operation.js';

type Node = Record<string, unknown>;

/**
 * Media-type examples with every digit of their big integers. The reference parser reads integers as
 * doubles, so `9007199254740993` would be answered as `…992`; when the document's text holds an
 * integer of 16 digits or more, it is read again with exact integers and each OpenAPI 3 response
 * example is taken from there (as a bigint beyond 2^53, a number otherwise). Done once, at load.
 */
export function withExactExamples(text: string, operations: MockOperation[]): MockOperation[] {
  if (!/\d{16,}/.test(text)) return operations;
  let document: unknown;
  try {
    document = parseYaml(text, { intAsBigInt: true });
  } catch {
    return operations;
  }
  if (!isNode(document) || typeof document.openapi !== 'string') return operations;
  const root = document;
  return operations.map((operation) => {
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
  });
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
  if (isNode(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, numbersBack(item)]));
  return value;
}

/** The object at a node, through a local `$ref` if it is one. */
function follow(root: Node, node: unknown): Node | undefined {
  let current = node;
  for (let hops = 0; isNode(current) && typeof current.$ref === 'string' && hops < 16; hops += 1) {
    const ref: string = current.$ref;
    if (!ref.startsWith('#/')) return undefined;
    current = ref
      .slice(2)
      .split('/')
      .reduce<unknown>((at, raw) => (isNode(at) ? at[raw.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined), root);
  }
  return isNode(current) ? current : undefined;
}

function isNode(value: unknown): value is Node {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
