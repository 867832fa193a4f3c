import type { XMLParser } from 'fast-xml-parser';
import type { JsonSchema } from '../json/json-schema.js';
import { xmlLibrary } from './xml-library.js';

/** An XML request body read as the value its schema describes, or why it cannot be. */
export type XmlReading = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly message: string };

interface XmlObject {
  readonly name?: string;
  readonly attribute?: boolean;
  readonly wrapped?: boolean;
}

type Element = Record<string, unknown>;

const ATTRIBUTE = '@_';
const TEXT = '#text';
const MAX_DEPTH = 32;

/**
 * Entities are not expanded and a document type declaration is refused: a request body never needs
 * either, and both are how XML bodies attack parsers (billion laughs, external entities).
 */
let parser: XMLParser | undefined;
const PARSER_OPTIONS = {
  ignoreAttributes: false,
  attributeNamePrefix: ATTRIBUTE,
  textNodeName: TEXT,
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  isArray: () => true,
  // Element names that are Object.prototype's own (`<__proto__>`, `<constructor>`, `<toString>`) are
  // names like any other to an XML reader; the parser throws on some and renames others, so each is
  // kept under a mark no XML name can hold and read back under its own name.
  transformTagName: (name: string) => (name in Object.prototype || name === 'prototype' ? MARK + name : name),
};
const MARK = '\u0000';

/** The parsed element's key for a child element named `name`. */
function keyOf(name: string): string {
  return name in Object.prototype || name === 'prototype' ? MARK + name : name;
}

/** A member set as the object's own, `__proto__` included (assigning that one would set the prototype). */
function put(object: Record<string, unknown>, name: string, value: unknown): void {
  Object.defineProperty(object, name, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * Reads an XML body after the schema's `xml` objects, as the answers are written (xml-body.ts): the
 * root element is the object; properties are child elements (or attributes, `xml.attribute`) named by
 * `xml.name`, else the property's name; arrays are repeated elements, inside a wrapper with
 * `xml.wrapped`; text is converted to the schema's type (`integer`, `number`, `boolean`) where it
 * reads as one, and left as text otherwise, for validation to judge. Namespace prefixes are ignored.
 */
export function readXmlBody(text: string, schema: JsonSchema | undefined): XmlReading {
  if (/<!DOCTYPE/i.test(text)) return { ok: false, message: 'document type declarations (DTDs) are not accepted' };
  const { XMLParser, XMLValidator } = xmlLibrary();
  const valid = XMLValidator.validate(text);
  if (valid !== true) return { ok: false, message: `is not well-formed XML: ${valid.err.msg} (line ${valid.err.line})` };
  let document: Element;
  try {
    parser ??= new XMLParser(PARSER_OPTIONS);
    document = parser.parse(text) as Element;
  } catch (error) {
    return { ok: false, message: `could not be read: ${(error as Error).message}` };
  }
  const root = Object.keys(document).find((key) => !key.startsWith('?'));
  const element = root === undefined ? undefined : (document[root] as unknown[])[0];
  if (element === undefined) return { ok: false, message: 'has no root element' };
  return { ok: true, value: readValue(element, schema, 0) };
}

function readValue(node: unknown, given: JsonSchema | undefined, depth: number): unknown {
  const schema = withAllOf(given);
  const type = typeOf(schema, node);
  // An empty element (`<Attributes></Attributes>`) is read as text: for an object or a wrapped array it is an empty one.
  if ((type === 'object' || type === 'array') && !isElement(node) && textOf(node).trim() === '') return type === 'object' ? {} : [];
  if (type === 'object' && isElement(node)) return objectOf(node, schema, depth);
  if (type === 'array' && isElement(node)) {
    const items = sub(schema, 'items');
    const itemName = xmlOf(items).name;
    const children =
      itemName !== undefined
        ? node[keyOf(itemName)]
        : Object.entries(node).find(([key]) => !key.startsWith(ATTRIBUTE) && key !== TEXT)?.[1];
    return (Array.isArray(children) ? children : []).map((child) => readValue(child, items, depth + 1));
  }
  return scalar(textOf(node), type);
}

function objectOf(node: Element, schema: JsonSchema | undefined, depth: number): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  const properties = propertiesOf(schema);
  if (depth > MAX_DEPTH) return result;
  const known = new Set<string>();
  for (const [name, written] of Object.entries(properties)) {
    const property = withAllOf(written);
    const xml = xmlOf(property);
    const element = xml.name ?? name;
    if (xml.attribute) {
      known.add(ATTRIBUTE + element);
      const attribute = node[ATTRIBUTE + element];
      if (attribute !== undefined) put(result, name, scalar(String(attribute), typeOf(property, attribute)));
      continue;
    }
    if (typeOf(property, undefined) === 'array' && !xml.wrapped) {
      const items = sub(property, 'items');
      const itemName = xmlOf(items).name ?? name;
      known.add(keyOf(itemName));
      const list = node[keyOf(itemName)];
      if (Array.isArray(list))
        put(
          result,
          name,
          list.map((child) => readValue(child, items, depth + 1)),
        );
      continue;
    }
    known.add(keyOf(element));
    const found = node[keyOf(element)];
    if (Array.isArray(found) && found.length > 0) put(result, name, readValue(found[0], property, depth + 1));
  }
  // Elements the schema does not name are read as its `additionalProperties` describes them (a map of
  // booleans, Custom Vision's `augmentationMethods`), else kept as text, for `additionalProperties: false` to judge.
  const others = sub(schema, 'additionalProperties');
  for (const [key, value] of Object.entries(node)) {
    if (known.has(key) || key === TEXT || key.startsWith(`${ATTRIBUTE}xmlns`)) continue;
    const name = key.startsWith(ATTRIBUTE) ? key.slice(ATTRIBUTE.length) : key.startsWith(MARK) ? key.slice(MARK.length) : key;
    const first = Array.isArray(value) ? value[0] : String(value);
    put(result, name, others === undefined ? textOf(first) : readValue(first, others, depth + 1));
  }
  return result;
}

function scalar(text: string, type: string | undefined): unknown {
  const trimmed = text.trim();
  if ((type === 'integer' || type === 'number') && trimmed !== '' && Number.isFinite(Number(trimmed))) {
    // An integer beyond 2^53 stays exact, as a JSON body's does, for its int64 range to be judged.
    const number = Number(trimmed);
    return Number.isSafeInteger(number) || !/^-?\d+$/.test(trimmed) ? number : BigInt(trimmed);
  }
  if (type === 'boolean' && (trimmed === 'true' || trimmed === 'false')) return trimmed === 'true';
  return text;
}

function textOf(node: unknown): string {
  if (isElement(node)) {
    const text = node[TEXT];
    return Array.isArray(text) ? text.map(String).join('') : text === undefined ? '' : String(text);
  }
  return node === undefined || node === null ? '' : String(node);
}

/** The schema's type (the first non-null one), else what the element looks like. */
function typeOf(schema: JsonSchema | undefined, node: unknown): string | undefined {
  const declared = schema?.type;
  const type = Array.isArray(declared) ? declared.find((t) => t !== 'null') : declared;
  if (typeof type === 'string') return type;
  if (schema?.properties !== undefined) return 'object';
  if (schema?.items !== undefined) return 'array';
  return isElement(node) && Object.keys(node).some((key) => key !== TEXT) ? 'object' : undefined;
}

/**
 * The schema with its `allOf` parts folded in (its own words win), as AWS documents write a member:
 * `allOf: [{type: boolean}, {description}]`, so the type, items and `xml` of a part are read too.
 */
function withAllOf(schema: JsonSchema | undefined, depth = 0): JsonSchema | undefined {
  if (!schema || !Array.isArray(schema.allOf) || depth > 8) return schema;
  const parts = (schema.allOf as JsonSchema[]).map((part) => withAllOf(part, depth + 1) ?? {});
  const { allOf: _parts, ...own } = schema;
  const properties = propertiesOf(schema);
  return Object.assign({}, ...parts, own, Object.keys(properties).length > 0 ? { properties } : {});
}

function propertiesOf(schema: JsonSchema | undefined, depth = 0): Record<string, JsonSchema> {
  if (!schema || depth > 8) return {};
  const own = (sub(schema, 'properties') ?? {}) as Record<string, JsonSchema>;
  const parts = Array.isArray(schema.allOf) ? (schema.allOf as JsonSchema[]) : [];
  return Object.assign({}, ...parts.map((part) => propertiesOf(part, depth + 1)), own);
}

function xmlOf(schema: JsonSchema | undefined): XmlObject {
  const xml = schema?.xml;
  return xml !== null && typeof xml === 'object' ? (xml as XmlObject) : {};
}

function sub(schema: JsonSchema | undefined, key: string): JsonSchema | undefined {
  const found = schema?.[key];
  return found !== null && typeof found === 'object' && !Array.isArray(found) ? (found as JsonSchema) : undefined;
}

function isElement(node: unknown): node is Element {
  return node !== null && typeof node === 'object' && !Array.isArray(node);
}
