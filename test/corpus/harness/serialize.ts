/** Puts sample values on the wire: parameters by style/explode, bodies by media type, credentials by scheme. */
import { XMLBuilder } from 'fast-xml-parser';
import type { PrismParameter, PrismSecurityScheme } from './types.js';

const enc = encodeURIComponent;

function flat(value: unknown): string {
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}

/** A path parameter's text for `{name}` in the template (simple, label or matrix style). */
export function pathValue(parameter: PrismParameter, value: unknown): string {
  const text = Array.isArray(value) ? value.map((v) => enc(flat(v))).join(',') : enc(flat(value));
  if (parameter.style === 'label') return `.${text}`;
  if (parameter.style === 'matrix') return `;${parameter.name}=${text}`;
  return text;
}

/** Query pairs of one parameter, already encoded (form, spaceDelimited, pipeDelimited, deepObject). */
export function queryPairs(parameter: PrismParameter, value: unknown): string[] {
  const name = enc(parameter.name);
  if (Array.isArray(value)) {
    const separator = parameter.style === 'pipeDelimited' ? '|' : parameter.style === 'spaceDelimited' ? '%20' : ',';
    const explode = parameter.explode ?? parameter.style === 'form';
    return explode ? value.map((v) => `${name}=${enc(flat(v))}`) : [`${name}=${value.map((v) => enc(flat(v))).join(separator)}`];
  }
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value);
    if (parameter.style === 'deepObject') return entries.map(([k, v]) => `${name}[${enc(k)}]=${enc(flat(v))}`);
    return entries.map(([k, v]) => `${enc(k)}=${enc(flat(v))}`);
  }
  return [`${name}=${enc(flat(value))}`];
}

export function headerValue(value: unknown): string {
  return Array.isArray(value) ? value.map(flat).join(',') : flat(value);
}

/** A concrete media type to send for a documented (possibly wildcard) request media type. */
export function concreteMediaType(mediaType: string): string {
  if (mediaType === '*/*' || mediaType === 'application/*') return 'application/json';
  if (mediaType.includes('*')) return mediaType.replace('*', 'corpus');
  return mediaType;
}

export const isJson = (mediaType: string) => /^application\/(.+\+)?json\b/i.test(mediaType) || /\+json\b/i.test(mediaType);

export const isXml = (mediaType: string) => /[/+]xml$/i.test(mediaType.split(';', 1)[0]?.trim() ?? '');

const BOUNDARY = 'corpus-boundary';

/** An object body as XML: the root element is the object, properties are child elements, arrays repeat. */
const xmlBuilder = new XMLBuilder({ format: false });

/** The body text and Content-Type for a value sent as `mediaType`. */
export function encodeBody(mediaType: string, value: unknown): { contentType: string; payload: string } {
  const essence = mediaType.toLowerCase();
  if (isJson(essence)) return { contentType: mediaType, payload: JSON.stringify(value ?? {}) };
  const fields = typeof value === 'object' && value !== null ? Object.entries(value) : [];
  if (essence === 'application/x-www-form-urlencoded') {
    // A form whose schema is a string is that text (spoonacular's example `text=I like to eat...`).
    if (typeof value === 'string') return { contentType: mediaType, payload: value };
    // An array field is the field repeated (form style, exploded), as HTML forms send it.
    const pairs = fields.flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((item) => `${enc(k)}=${enc(flat(item))}`));
    return { contentType: mediaType, payload: pairs.join('&') };
  }
  if (essence === 'multipart/form-data') {
    const parts = fields.map(([k, v]) => {
      const json = typeof v === 'object' && v !== null;
      const type = json ? 'Content-Type: application/json\r\n' : '';
      return `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n${type}\r\n${flat(v)}\r\n`;
    });
    return { contentType: `${mediaType}; boundary=${BOUNDARY}`, payload: `${parts.join('')}--${BOUNDARY}--\r\n` };
  }
  if (/[/+]xml$/.test(essence) && typeof value === 'object' && value !== null) {
    return { contentType: mediaType, payload: xmlBuilder.build({ root: value }) as string };
  }
  return { contentType: mediaType, payload: typeof value === 'string' ? value : flat(value ?? 'fern') };
}

/** Headers, query pairs and cookies satisfying one security scheme. */
export function credentialFor(scheme: PrismSecurityScheme): { header?: [string, string]; query?: string; cookie?: string } {
  if (scheme.type === 'apiKey' && scheme.name) {
    if (scheme.in === 'query') return { query: `${enc(scheme.name)}=corpus-key` };
    if (scheme.in === 'cookie') return { cookie: `${scheme.name}=corpus-key` };
    return { header: [scheme.name.toLowerCase(), 'corpus-key'] };
  }
  if (scheme.type === 'http' && scheme.scheme?.toLowerCase() === 'basic') return { header: ['authorization', 'Basic Y29ycHVzOmtleQ=='] };
  if (scheme.type === 'http' && scheme.scheme?.toLowerCase() === 'digest') return { header: ['authorization', 'Digest username="corpus"'] };
  // Any other HTTP scheme (`bearer`, RFC 8120's `mutual`) is sent under its own name.
  const name = scheme.type === 'http' && scheme.scheme ? scheme.scheme : 'Bearer';
  return { header: ['authorization', `${name} corpus-token`] };
}
