import { isJsonObject } from '../json/json-object.js';
import { fitDocumentFormat } from './document-formats.js';
import { drawMultiples } from './draw-multiples.js';
import { closeLoneFarBound, narrowExclusiveBounds } from './exclusive-bounds.js';
import { needsPatternValues, patternValues } from './pattern-values.js';

type Schema = Record<string, unknown>;
/** `static`: the document's words first, choices made once; `dynamic`: generated afresh each time (see prepareSchema). */
export type Mode = 'static' | 'dynamic';

/**
 * The keywords of one walked schema node, rewritten as json-schema-faker must read them to answer a
 * valid value: boolean exclusive bounds, implied types, integer formats, bounds and multiples it can
 * meet, date-times and patterns it would get wrong answered from values drawn here, `minProperties`
 * met with named properties; in `static` mode, one choice of examples, enums and types.
 */
export function fixKeywords(out: Schema, mode: Mode): void {
  for (const [exclusive, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof out[exclusive] === 'number') {
      out[bound] = out[exclusive];
      out[exclusive] = true;
    }
  }
  if (out.format === 'byte') delete out.pattern;
  inferType(out);
  dropStringWordsOfOtherTypes(out);
  // `type: number` with an integer format (real documents have them) is validated as an integer.
  if (out.type === 'number' && (out.format === 'int32' || out.format === 'int64')) out.type = 'integer';
  narrowExclusiveBounds(out);
  closeLoneFarBound(out);
  drawMultiples(out);
  if (out.format === 'date-time' && !('enum' in out) && !('const' in out)) {
    const fitted = dateTimeOfLength(out);
    if (fitted !== undefined) {
      // The faker reworks a dated string even from an enum: the value is given as a plain string.
      out.enum = [fitted];
      for (const keyword of ['format', 'minLength', 'maxLength', 'pattern']) delete out[keyword];
    }
  }
  fitDocumentFormat(out);
  fitPattern(out, mode);
  fillMinProperties(out);
  if (mode !== 'static') return;
  if (Array.isArray(out.examples) && out.examples.length > 0) {
    out.examples = out.examples.slice(0, 1);
    delete out.default;
  } else if ('example' in out) delete out.default;
  else if (!('default' in out) && !('const' in out) && Array.isArray(out.enum) && out.enum.length > 0) out.enum = out.enum.slice(0, 1);
  if (Array.isArray(out.type)) {
    const types = out.type.filter((type) => type !== 'null');
    out.type = types.length === 1 ? types[0] : types.length > 0 ? types : out.type;
  }
}

/**
 * `pattern`, `minLength` and `maxLength` judge strings only; beside another type (Amadeus's arrays of
 * card codes carry their items' pattern) the faker would still answer a string: they are left out.
 */
function dropStringWordsOfOtherTypes(out: Schema): void {
  if (out.type === undefined || [out.type].flat().includes('string')) return;
  for (const keyword of ['pattern', 'minLength', 'maxLength']) delete out[keyword];
}

const OBJECT_KEYWORDS = ['properties', 'required', 'additionalProperties', 'patternProperties', 'minProperties', 'maxProperties'];
const ARRAY_KEYWORDS = ['items', 'minItems', 'maxItems', 'uniqueItems'];

/**
 * The type its keywords imply, written where the schema has none: the faker infers it too, except
 * under a property named like a keyword (Azure's `properties`, an `items` property), where it
 * generates the schema's keywords themselves as the value. Left alone beside a combination, whose
 * branches may say otherwise, and beside an enum or const.
 */
function inferType(out: Schema): void {
  if ('type' in out || 'enum' in out || 'const' in out || ['allOf', 'anyOf', 'oneOf', 'not'].some((k) => k in out)) return;
  if (OBJECT_KEYWORDS.some((k) => k in out)) out.type = 'object';
  else if (ARRAY_KEYWORDS.some((k) => k in out)) out.type = 'array';
}

/** A pattern the faker alone answers wrongly is answered from strings drawn for it (pattern-values.ts). */
function fitPattern(out: Schema, mode: Mode): void {
  const pattern = out.pattern;
  if (typeof pattern !== 'string' || 'enum' in out || 'const' in out || (out.type !== undefined && out.type !== 'string')) return;
  if (!needsPatternValues(pattern, out.minLength, out.maxLength)) return;
  const min = typeof out.minLength === 'number' ? out.minLength : undefined;
  const max = typeof out.maxLength === 'number' ? out.maxLength : undefined;
  const values = patternValues(pattern, min, max, mode === 'static' ? 1 : 5);
  if (values.length === 0) return;
  out.enum = values;
  for (const keyword of ['format', 'minLength', 'maxLength', 'pattern']) delete out[keyword];
}

/**
 * An object whose `minProperties` its named properties cannot meet gets named extra ones of its
 * `additionalProperties` schema (`additionalProp1`, ...), as the faker, told not to fill properties,
 * would answer `{}`. Left alone where property names are constrained (`propertyNames`, `patternProperties`).
 */
function fillMinProperties(out: Schema): void {
  const wanted = typeof out.minProperties === 'number' ? Math.min(out.minProperties, 20) : 0;
  const named = isJsonObject(out.properties) ? out.properties : {};
  const missing = wanted - Object.keys(named).length;
  if (missing <= 0 || out.additionalProperties === false || 'propertyNames' in out || 'patternProperties' in out) return;
  const extra = isJsonObject(out.additionalProperties) ? out.additionalProperties : { type: 'string' };
  const properties: Schema = { ...named };
  const required = Array.isArray(out.required) ? [...out.required] : [];
  for (let i = 1, added = 0; added < missing; i += 1) {
    const name = `additionalProp${i}`;
    if (name in properties) continue;
    properties[name] = extra;
    required.push(name);
    added += 1;
  }
  out.properties = properties;
  out.required = required;
}

/**
 * A date-time within the schema's length bounds, when it has some (unicourt's are 25 characters): the
 * faker pads its date-times with spaces to `minLength` or cuts them, which is no date-time. Seconds,
 * then as many fraction digits and the zone (`Z` or `+00:00`) as fill the length; undefined when none fits.
 */
function dateTimeOfLength(out: Schema): string | undefined {
  const min = typeof out.minLength === 'number' ? out.minLength : undefined;
  const max = typeof out.maxLength === 'number' ? out.maxLength : undefined;
  if (min === undefined && max === undefined) return undefined;
  for (const zone of ['Z', '+00:00']) {
    for (let digits = 0; digits <= 9; digits += 1) {
      const value = `2024-01-01T12:00:00${digits === 0 ? '' : `.${'0'.repeat(digits)}`}${zone}`;
      if ((min === undefined || value.length >= min) && (max === undefined || value.length <= max)) return value;
    }
  }
  return undefined;
}
