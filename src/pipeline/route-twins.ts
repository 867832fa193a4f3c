import type { JsonSchema } from '../json/json-schema.js';
import { parseJson } from '../json/parse-json.js';
import { essenceOf, isJsonMediaType } from '../openapi/media-type.js';
import type { MockOperation } from '../openapi/operation.js';
import { narrowness, type TwinTraits, twinTraits } from '../openapi/operation-twins.js';
import { documentValueCheck } from '../prism/prism-engine.js';
import type { Exchange } from './types.js';

/** One of the operations a route reaches, with its own names for the template's parameters. */
export interface Twin {
  readonly operation: MockOperation;
  readonly names: readonly string[];
  /** Parameters of the path key's query part, each with the query parameter that carries its value. */
  readonly fromQuery?: readonly (readonly [param: string, name: string])[];
}

/** Picks one of several twins for a request; `values` are the template's parameter values, in order. */
export type TwinPicker = (exchange: Exchange, values: readonly string[] | undefined) => Twin;

/**
 * The discriminator of operations sharing one path and method (see operation-twins.ts), made once when
 * the route table is built; routes with one operation never have one. Each step keeps the twins it
 * prefers, unless it would keep none: the pairs of the key's query part, the fragment's header or
 * query parameter, then the request's content type against each twin's body media types, then the
 * query parameters each twin requires (those whose every one the request carries, the most of them
 * winning), then the path values against
 * each twin's parameter schemas (the narrowest accepting schema wins), then a JSON body against each
 * twin's body schema for its media type (reverb's `/conversations/{id}/offer` twice, `price` a string in
 * one and an object in the other); the first twin left answers.
 */
export function createTwinPicker(twins: readonly Twin[]): TwinPicker {
  const traits = twins.map((twin) => twinTraits(twin.operation, twin.names));
  // Made when first needed: a twin's path schemas come from reading the operation (operation-twins.ts).
  const checks = traits.map((trait) => {
    let made: readonly (((value: unknown) => boolean) | undefined)[] | undefined;
    return () => {
      made ??= trait.pathSchemas.map((schema) => (schema ? lazyCheck(schema) : undefined));
      return made;
    };
  });
  const bodyChecks = twins.map(() => new Map<string, BodyCheck | undefined>());
  const all = twins.map((_, i) => i);
  return (exchange, values) => {
    let left = byKeyQuery(all, traits, exchange);
    left = byFragment(left, traits, exchange);
    left = byMediaType(left, traits, exchange.headers['content-type']);
    if (left.length > 1) left = byRequiredQuery(left, traits, exchange);
    if (values && left.length > 1) left = byPathValues(left, traits, checks, values);
    if (left.length > 1) left = byBody(left, twins, bodyChecks, exchange);
    return twins[left[0] ?? 0] as Twin;
  };
}

/**
 * The twins whose key's query pairs the request carries, all of them (the most pairs winning); else
 * those whose key has none; else all (a request without the pairs is then refused for what it lacks).
 */
function byKeyQuery(candidates: number[], traits: readonly TwinTraits[], exchange: Exchange): number[] {
  const met: number[] = [];
  const neutral: number[] = [];
  for (const i of candidates) {
    const pairs = traits[i]?.keyQuery ?? [];
    if (pairs.length === 0) neutral.push(i);
    else if (pairs.every(({ name, value }) => carriesQuery(exchange, name, value))) met.push(i);
  }
  if (met.length === 0) return neutral.length > 0 ? neutral : candidates;
  const most = Math.max(...met.map((i) => traits[i]?.keyQuery.length ?? 0));
  return met.filter((i) => traits[i]?.keyQuery.length === most);
}

/** Whether the request's query has the parameter, with that value where one is given. */
function carriesQuery(exchange: Exchange, name: string, value: string | undefined): boolean {
  const sent = exchange.query[name];
  if (sent === undefined) return false;
  return value === undefined || (Array.isArray(sent) ? sent.includes(value) : sent === value);
}

function byFragment(candidates: number[], traits: readonly TwinTraits[], exchange: Exchange): number[] {
  const met: number[] = [];
  const neutral: number[] = [];
  for (const i of candidates) {
    const fragment = traits[i]?.fragment;
    if (!fragment) {
      neutral.push(i);
      continue;
    }
    const sent = carried(exchange, fragment.name);
    if (sent === undefined) {
      // A bare `#name` names something the request must carry; `name=value` may simply not be sent.
      if (fragment.value !== undefined) neutral.push(i);
    } else if (fragment.value === undefined || sent === fragment.value) met.push(i);
  }
  return met.length > 0 ? met : neutral.length > 0 ? neutral : candidates;
}

/** A header's or query parameter's value (the first one), '' when sent without one, else undefined. */
function carried(exchange: Exchange, name: string): string | undefined {
  const header = exchange.headers[name];
  if (header !== undefined) return Array.isArray(header) ? (header[0] ?? '') : header;
  for (const [key, value] of Object.entries(exchange.query)) {
    if (key.toLowerCase() === name) return (Array.isArray(value) ? value[0] : value) ?? '';
  }
  return undefined;
}

function byMediaType(candidates: number[], traits: readonly TwinTraits[], contentType: string | undefined): number[] {
  if (contentType === undefined || candidates.length < 2) return candidates;
  const essence = essenceOf(contentType);
  const range = `${essence.split('/', 1)[0]}/*`;
  const exact = candidates.filter((i) => traits[i]?.mediaTypes.includes(essence));
  if (exact.length > 0) return exact;
  const wild = candidates.filter((i) => traits[i]?.mediaTypes.some((type) => type === range || type === '*/*'));
  return wild.length > 0 ? wild : candidates;
}

function byRequiredQuery(candidates: number[], traits: readonly TwinTraits[], exchange: Exchange): number[] {
  const met = candidates.filter((i) => traits[i]?.requiredQuery.every((name) => exchange.query[name] !== undefined));
  if (met.length < 2) return met.length === 1 ? met : candidates;
  const most = Math.max(...met.map((i) => traits[i]?.requiredQuery.length ?? 0));
  return met.filter((i) => traits[i]?.requiredQuery.length === most);
}

function byPathValues(
  candidates: number[],
  traits: readonly TwinTraits[],
  checks: readonly (() => readonly (((value: unknown) => boolean) | undefined)[])[],
  values: readonly string[],
): number[] {
  const accepting = candidates.filter((i) => values.every((value, at) => accepts(checks[i]?.()[at], value)));
  if (accepting.length < 2) return accepting.length === 1 ? accepting : candidates;
  const score = (i: number) => traits[i]?.pathSchemas.reduce((sum, schema) => sum + narrowness(schema), 0) ?? 0;
  const best = Math.max(...accepting.map(score));
  return accepting.filter((i) => score(i) === best);
}

const FITS = new WeakMap<Twin, (values: readonly string[]) => boolean>();

/**
 * Whether a template's values fit the operation's path parameter schemas: a less specific path is
 * routed to for a method the URL's most specific path lacks only so (route.ts), as Schemathesis
 * counts such a method declared. Its checks are made on first use, kept per operation of the table.
 */
export function fitsPathValues(twin: Twin, values: readonly string[]): boolean {
  let fits = FITS.get(twin);
  if (fits === undefined) {
    const checks = twinTraits(twin.operation, twin.names).pathSchemas.map((schema) => (schema ? lazyCheck(schema) : undefined));
    fits = (sent) => sent.every((value, at) => accepts(checks[at], value));
    FITS.set(twin, fits);
  }
  return fits(values);
}

/** A path value as text, or as the number it spells (for integer and number schemas). */
function accepts(check: ((value: unknown) => boolean) | undefined, raw: string): boolean {
  if (!check) return true;
  if (check(raw)) return true;
  const number = raw.trim() === '' ? Number.NaN : Number(raw);
  return Number.isFinite(number) && check(number);
}

function lazyCheck(schema: JsonSchema): (value: unknown) => boolean {
  let check: ((value: unknown) => boolean) | undefined;
  return (value) => {
    check ??= documentValueCheck(schema, schema.__bundled__);
    return check(value);
  };
}

/** A twin's body schema for one media type, as text to compare with the others', and its check made on first use. */
interface BodyCheck {
  readonly text: string;
  readonly check: (value: unknown) => boolean;
}

/**
 * The twins whose body schema for the request's JSON media type the body satisfies, where they document
 * different ones; each twin's schema is read and its check compiled on first use, per media type.
 */
function byBody(
  candidates: number[],
  twins: readonly Twin[],
  bodyChecks: readonly Map<string, BodyCheck | undefined>[],
  exchange: Exchange,
): number[] {
  const contentType = exchange.headers['content-type'];
  const raw = exchange.rawBody;
  if (contentType === undefined || raw === undefined || raw.length === 0 || !isJsonMediaType(contentType)) return candidates;
  const essence = essenceOf(contentType);
  const checks = candidates.map((i) => bodyCheck(twins[i], bodyChecks[i], essence));
  if (new Set(checks.map((made) => made?.text ?? '')).size < 2) return candidates;
  const parsed = parseJson(raw.toString('utf8'));
  if (!parsed.ok) return candidates;
  const fitting = candidates.filter((_, at) => checks[at]?.check(parsed.value) === true);
  return fitting.length > 0 ? fitting : candidates;
}

function bodyCheck(twin: Twin | undefined, known: Map<string, BodyCheck | undefined> | undefined, essence: string): BodyCheck | undefined {
  if (!known || !twin) return undefined;
  if (known.has(essence)) return known.get(essence);
  const content = twin.operation.requestBody?.contents.find((documented) => essenceOf(documented.mediaType) === essence);
  // Only documented media types are kept: a client's made-up ones must not grow the map.
  if (content === undefined) return undefined;
  const schema = content.schema;
  const made = schema && { text: JSON.stringify(schema), check: documentValueCheck(schema, schema.__bundled__, 'request') };
  known.set(essence, made);
  return made;
}
