import { parsePointer, resolvePointer } from '../json/json-pointer.js';
import { stringifyJson } from '../json/stringify-json.js';

const PLACEHOLDER = /\{\{\s*(\/[^{}\s]*)\s*\}\}/g;
const WHOLE = /^\{\{\s*(\/[^{}\s]*)\s*\}\}$/;

/**
 * Fills a template's `{{/pointer}}` placeholders from the context (request fields, stored data). A string
 * that is one placeholder takes the value as it is (numbers stay numbers) and an object key whose value
 * is missing is left out, so optional fields stay optional; inside longer text values are written as
 * text. Pure data substitution: no expressions, no code, no file access.
 */
export function renderTemplate(template: unknown, context: unknown): unknown {
  if (typeof template === 'string') return renderString(template, context);
  if (Array.isArray(template)) return template.map((item) => renderTemplate(item, context)).filter((item) => item !== undefined);
  if (template !== null && typeof template === 'object') {
    const result: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(template)) {
      const rendered = renderTemplate(value, context);
      if (rendered !== undefined)
        Object.defineProperty(result, key, { value: rendered, enumerable: true, writable: true, configurable: true });
    }
    return result;
  }
  return template;
}

export function renderString(text: string, context: unknown): unknown {
  const whole = WHOLE.exec(text);
  if (whole?.[1] !== undefined) return resolvePointer(context, parsePointer(whole[1]));
  return text.replace(PLACEHOLDER, (_all, pointer: string) => asText(resolvePointer(context, parsePointer(pointer))));
}

function asText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (value instanceof Map) return String(value.size);
  return stringifyJson(value);
}
