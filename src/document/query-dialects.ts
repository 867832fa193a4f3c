/**
 * A query's arrays and objects spelled in the dialects clients send (`group_by[]=a`, `ids[0]=1`,
 * `filter.level=high`; dialect-names.ts) rewritten as the document's style spells them, so Prism and
 * the mock's own parameter checks read and judge them like any other pair: `group_by[]=bogus` is
 * refused where the items are an enum, as `group_by=bogus` is. A name the document declares is never
 * read as a dialect; pairs no declared parameter roots are left alone.
 */
import { isJsonObject } from '../json/json-object.js';
import type { JsonSchema } from '../json/json-schema.js';
import {
  type ArrayFormat,
  arrayBranch,
  bundleResolver,
  type Entry,
  foldEntries,
  objectBranch,
  type PlaceFormats,
  type Resolve,
  spelledAs,
  splitName,
} from './dialect-names.js';

type Query = Readonly<Record<string, string | string[] | undefined>>;
type Written = Record<string, string | string[] | undefined>;

/** The query rewritten for the formats, or the same query when nothing in it is spelled in a dialect. */
export type QueryDialects = (query: Query, formats: PlaceFormats) => Query;

interface Declared {
  readonly name: string;
  readonly list: JsonSchema | undefined;
  readonly object: JsonSchema | undefined;
  readonly style: string;
  readonly explode: boolean;
}

interface NamedEntry extends Entry {
  readonly name: string;
}

const DELIMITERS: Readonly<Record<string, string>> = { form: ',', spaceDelimited: ' ', pipeDelimited: '|' };
const FORMAT_DELIMITERS: Readonly<Record<string, string>> = { comma: ',', space: ' ', pipe: '|' };

/** The rewriting of an operation's query parameters of array and object type; undefined without any. Made once per operation. */
export function queryDialects(parameters: readonly unknown[] | undefined, bundle: unknown): QueryDialects | undefined {
  const resolve = bundleResolver(bundle);
  const declared = new Map<string, Declared>();
  const names = new Set<string>();
  for (const spec of parameters ?? []) {
    if (!isJsonObject(spec) || typeof spec.name !== 'string') continue;
    names.add(spec.name.toLowerCase());
    const schema = resolve(spec.schema);
    const list = arrayBranch(schema, resolve);
    const object = list ? undefined : objectBranch(schema, resolve);
    if (!list && !object) continue;
    const style = typeof spec.style === 'string' ? spec.style : 'form';
    const explode = typeof spec.explode === 'boolean' ? spec.explode : style === 'form';
    declared.set(spec.name.toLowerCase(), { name: spec.name, list, object, style, explode });
  }
  if (declared.size === 0) return undefined;
  return (query, formats) => {
    const found = dialectPairs(query, declared, names);
    if (found.size === 0 && formats.array === 'auto' && formats.object === 'auto') return query;
    // Without a prototype: a pair named `__proto__` is a pair like any other.
    const written: Written = Object.assign(Object.create(null), query);
    for (const parameter of declared.values()) {
      const entries = found.get(parameter) ?? [];
      if (parameter.list) rewriteList(written, parameter, entries, formats.array, resolve);
      else rewriteObject(written, parameter, entries, formats, resolve);
    }
    return written;
  };
}

/** The query's pairs that spell a declared parameter in a dialect, by the parameter (names compared without case, as Prism does). */
function dialectPairs(query: Query, declared: ReadonlyMap<string, Declared>, names: ReadonlySet<string>): Map<Declared, NamedEntry[]> {
  const found = new Map<Declared, NamedEntry[]>();
  for (const key of Object.keys(query)) {
    if (!key.includes('[') && !key.includes('.')) continue;
    if (names.has(key.toLowerCase())) continue;
    const split = splitName(key);
    const parameter = split && declared.get(split.root.toLowerCase());
    if (!split || !parameter) continue;
    const given = query[key];
    const entry = { name: key, segments: split.segments, values: given === undefined ? [] : [given].flat() };
    const entries = found.get(parameter);
    if (entries) entries.push(entry);
    else found.set(parameter, [entry]);
  }
  return found;
}

function rewriteList(written: Written, parameter: Declared, entries: readonly NamedEntry[], format: ArrayFormat, resolve: Resolve): void {
  const plainKey = plainKeyOf(written, parameter.name);
  const override = FORMAT_DELIMITERS[format] !== undefined || format === 'repeat';
  const spelling = format === 'auto' ? undefined : format === 'brackets' ? '[]' : format === 'indices' ? '[N]' : null;
  const taken = spelling === null ? [] : spelling === undefined ? entries : entries.filter((e) => spelledAs(e, spelling));
  if (taken.length === 0 && !(override && plainKey !== undefined)) return;
  const folded = taken.length === 0 ? [] : foldEntries(taken, parameter.list, resolve);
  if (!Array.isArray(folded) || folded.some((item) => typeof item !== 'string')) return;
  const plain = plainKey === undefined ? [] : [written[plainKey] ?? []].flat();
  const items = [...(override ? splitAs(plain, format) : splitByStyle(plain, parameter)), ...(folded as string[])];
  for (const entry of taken) delete written[entry.name];
  if (plainKey !== undefined) delete written[plainKey];
  const delimiter = DELIMITERS[parameter.style] ?? ',';
  written[parameter.name] = parameter.explode ? items : items.join(delimiter);
}

function splitAs(values: readonly string[], format: ArrayFormat): string[] {
  if (format === 'repeat') return [...values];
  return splitLast(values, FORMAT_DELIMITERS[format] ?? ',');
}

function splitByStyle(values: readonly string[], parameter: Declared): string[] {
  return parameter.explode ? [...values] : splitLast(values, DELIMITERS[parameter.style] ?? ',');
}

function splitLast(values: readonly string[], delimiter: string): string[] {
  const last = values[values.length - 1];
  return last === undefined || last === '' ? [] : last.split(delimiter);
}

function rewriteObject(
  written: Written,
  parameter: Declared,
  entries: readonly NamedEntry[],
  formats: PlaceFormats,
  resolve: Resolve,
): void {
  const format = formats.object;
  // A deepObject's `name[key]` pairs are its own spelling: only dots are read into it in `auto`.
  const deep = parameter.style === 'deepObject';
  const taken =
    format === 'auto'
      ? entries.filter((e) => !deep || e.segments.some((s) => s.dotted))
      : format === 'brackets'
        ? entries.filter((e) => spelledAs(e, '[key]') && !deep)
        : format === 'dots'
          ? entries.filter((e) => spelledAs(e, '.key'))
          : [];
  let value: Record<string, unknown> | undefined;
  if (taken.length > 0) {
    const folded = foldEntries(taken, parameter.object, resolve);
    if (isJsonObject(folded)) value = folded;
  } else if (format === 'flat' && parameter.style !== 'form') value = flatPairs(written, parameter.object);
  else if (format === 'flat-comma' && !(parameter.style === 'form' && !parameter.explode)) {
    const plainKey = plainKeyOf(written, parameter.name);
    if (plainKey !== undefined) {
      value = commaPairs([written[plainKey] ?? []].flat());
      delete written[plainKey];
    }
  }
  if (value === undefined) return;
  for (const entry of taken) delete written[entry.name];
  if (deep) writeDeep(written, parameter.name, value, 0);
  else if (parameter.explode) {
    for (const [key, item] of Object.entries(value)) if (typeof item === 'string' && !Object.hasOwn(written, key)) written[key] = item;
  } else {
    const pairs = Object.entries(value).filter((pair): pair is [string, string] => typeof pair[1] === 'string');
    written[parameter.name] = pairs.flat().join(',');
  }
}

/** The object as `name[key][key2]=value` pairs, lists as the pair repeated. */
function writeDeep(written: Written, at: string, value: unknown, depth: number): void {
  if (typeof value === 'string') written[at] = value;
  else if (Array.isArray(value) && value.every((item) => typeof item === 'string')) written[at] = value as string[];
  else if (isJsonObject(value) && depth < 8)
    for (const [key, item] of Object.entries(value)) writeDeep(written, `${at}[${key}]`, item, depth + 1);
}

/** `flat`: an object's listed properties from the query's own pairs of their names. */
function flatPairs(query: Written, schema: JsonSchema | undefined): Record<string, unknown> | undefined {
  const properties = isJsonObject(schema?.properties) ? schema.properties : {};
  let value: Record<string, unknown> | undefined;
  for (const key of Object.keys(properties)) {
    const given = query[key];
    if (given === undefined) continue;
    value ??= Object.create(null) as Record<string, unknown>;
    value[key] = Array.isArray(given) ? given[given.length - 1] : given;
    delete query[key];
  }
  return value;
}

function commaPairs(values: readonly string[]): Record<string, unknown> {
  const parts = values.length === 0 ? [] : (values[values.length - 1] as string).split(',');
  const value: Record<string, unknown> = Object.create(null);
  for (let i = 0; i + 1 < parts.length; i += 2) value[parts[i] as string] = parts[i + 1];
  return value;
}

/** The key a parameter was sent under as it is, compared without case; undefined when it was not. */
function plainKeyOf(query: Written, name: string): string | undefined {
  if (Object.hasOwn(query, name)) return name;
  const lower = name.toLowerCase();
  return Object.keys(query).find((key) => key.toLowerCase() === lower);
}
