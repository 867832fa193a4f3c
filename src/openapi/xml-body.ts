import type { XMLBuilder } from 'fast-xml-parser';
import type { JsonSchema } from '../json/json-schema.js';
import { xmlLibrary } from './xml-library.js';

/** The OpenAPI `xml` object of a schema. */
interface XmlObject {
  readonly name?: string;
  readonly prefix?: string;
  readonly namespace?: string;
  readonly attribute?: boolean;
  readonly wrapped?: boolean;
}

type Node = string | { [key: string]: Node | Node[] };

const ATTRIBUTE = '@_';
const TEXT = '#text';
const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
let made: XMLBuilder | undefined;
const builder = (): XMLBuilder =>
  (made ??= new (xmlLibrary().XMLBuilder)({
    ignoreAttributes: false,
    attributeNamePrefix: ATTRIBUTE,
    textNodeName: TEXT,
    suppressEmptyNode: true,
  }));

/**
 * A value (an example or generated data) as XML, following the schema's `xml` objects: element names,
 * attributes, wrapped arrays, prefixes and namespaces. What the schema does not describe is written
 * after the value's own shape: object keys as elements, array items repeated.
 */
export function xmlBody(schema: JsonSchema | undefined, value: unknown): string {
  // A document that writes its XML example as text means that text.
  if (typeof value === 'string' && value.trimStart().startsWith('<')) return value;
  const xml = xmlOf(schema);
  if (Array.isArray(value)) {
    const items = schemaAt(schema, 'items');
    const itemXml = xmlOf(items);
    const list = value.map((item) => withNamespace(node(items, item), itemXml));
    return (
      DECLARATION +
      builder().build({ [qualified(xml, xml.name ?? 'items')]: withNamespace({ [qualified(itemXml, itemXml.name ?? 'item')]: list }, xml) })
    );
  }
  const root = qualified(xml, xml.name ?? (typeof schema?.title === 'string' ? schema.title : 'root'));
  return DECLARATION + builder().build({ [root]: withNamespace(node(schema, value), xml) });
}

function node(schema: JsonSchema | undefined, value: unknown): Node {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'object') return String(value);
  if (Array.isArray(value)) return { item: value.map((v) => node(undefined, v)) };
  const out: { [key: string]: Node | Node[] } = {};
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const property = propertyOf(schema, key);
    const xml = xmlOf(property);
    if (Array.isArray(child)) {
      const items = schemaAt(property, 'items');
      const itemXml = xmlOf(items);
      const list = child.map((item) => withNamespace(node(items, item), itemXml));
      if (xml.wrapped) out[qualified(xml, xml.name ?? key)] = withNamespace({ [qualified(itemXml, itemXml.name ?? key)]: list }, xml);
      else out[qualified(itemXml, itemXml.name ?? key)] = list;
    } else if (xml.attribute && (child === null || typeof child !== 'object')) {
      out[ATTRIBUTE + qualified(xml, xml.name ?? key)] = child === null || child === undefined ? '' : String(child);
    } else {
      out[qualified(xml, xml.name ?? key)] = withNamespace(node(property, child), xml);
    }
  }
  return out;
}

/** Declares the element's namespace on it: `xmlns:prefix="…"`, or the default namespace. */
function withNamespace(content: Node, xml: XmlObject): Node {
  if (xml.namespace === undefined) return content;
  const declaration = { [`${ATTRIBUTE}xmlns${xml.prefix ? `:${xml.prefix}` : ''}`]: xml.namespace };
  return typeof content === 'string' ? { ...declaration, ...(content === '' ? {} : { [TEXT]: content }) } : { ...declaration, ...content };
}

function qualified(xml: XmlObject, name: string): string {
  const safe = name.replace(/[^\w.-]/g, '_').replace(/^(?=[\d.-])/, '_');
  return xml.prefix ? `${xml.prefix}:${safe}` : safe;
}

function xmlOf(schema: JsonSchema | undefined): XmlObject {
  const xml = schema?.xml;
  return xml !== null && typeof xml === 'object' ? (xml as XmlObject) : {};
}

function schemaAt(schema: JsonSchema | undefined, key: string): JsonSchema | undefined {
  const found = schema?.[key];
  return found !== null && typeof found === 'object' && !Array.isArray(found) ? (found as JsonSchema) : undefined;
}

/** A property's schema, looked for in the schema and the parts of its allOf/oneOf/anyOf. */
function propertyOf(schema: JsonSchema | undefined, key: string, depth = 0): JsonSchema | undefined {
  if (!schema || depth > 8) return undefined;
  const own = schemaAt(schemaAt(schema, 'properties'), key);
  if (own) return own;
  for (const combiner of ['allOf', 'oneOf', 'anyOf']) {
    const parts = schema[combiner];
    if (!Array.isArray(parts)) continue;
    for (const part of parts as JsonSchema[]) {
      const found = propertyOf(part, key, depth + 1);
      if (found) return found;
    }
  }
  return undefined;
}
