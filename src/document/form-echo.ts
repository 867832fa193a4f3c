/**
 * A form body (urlencoded or multipart) as the object an echo reads, as a JSON body is: fields read per
 * their schema's styles (form-fields.ts), text turned into the number or boolean its property's type
 * says; file parts (those with a filename) are not echoed. Undefined for any other media type.
 */
import type { JsonSchema } from '../json/json-schema.js';
import { formFields, readForm } from './form-fields.js';
import { multipartBoundary, multipartTextParts, partText } from './multipart-parts.js';

export function formObject(contentType: string, text: string, schema: JsonSchema | undefined): Record<string, unknown> | undefined {
  const essence = contentType.split(';', 1)[0]?.trim().toLowerCase();
  let fields: Map<string, string[]>;
  if (essence === 'application/x-www-form-urlencoded') fields = formFields(text);
  else if (essence === 'multipart/form-data') {
    const boundary = multipartBoundary(contentType);
    if (boundary === undefined) return undefined;
    fields = new Map();
    for (const part of multipartTextParts(text, boundary)) {
      if (part.filename !== undefined) continue;
      const values = fields.get(part.name);
      if (values) values.push(partText(part));
      else fields.set(part.name, [partText(part)]);
    }
  } else return undefined;
  const value = readForm(fields, schema ?? {}, []);
  const properties = (schema?.properties ?? {}) as Record<string, JsonSchema>;
  for (const [name, property] of Object.entries(properties)) {
    const field = value[name];
    if (typeof field === 'string') value[name] = typed(field, property);
    else if (Array.isArray(field) && typeof property.items === 'object' && property.items !== null)
      value[name] = field.map((item) => (typeof item === 'string' ? typed(item, property.items as JsonSchema) : item));
  }
  return value;
}

/** A field's text as its property's type reads it: a number or boolean where the text is one. */
function typed(text: string, schema: JsonSchema): unknown {
  const types = [schema.type].flat();
  if ((types.includes('integer') || types.includes('number')) && /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(text)) return Number(text);
  if (types.includes('boolean') && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}
