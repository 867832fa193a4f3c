import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { paths as jsonPaths } from 'jsonpath-rfc9535';
import { MockConfigError } from '../config-error.js';
import { parseYaml } from '../document/yaml-parser.js';
import { isJsonObject } from '../json/json-object.js';

/** One action of an overlay, checked: where it is (for messages), and what it does. */
export interface OverlayAction {
  /** `overlay FILE, action N (target "$.x")`: how every message about it starts. */
  readonly name: string;
  readonly target: string;
  readonly remove: boolean;
  /** Overlay 1.1's `copy`: a JSONPath selecting the one node whose value is merged into the targets. */
  readonly copy?: string;
  readonly update?: unknown;
  readonly hasUpdate: boolean;
}

/** An OpenAPI Overlay 1.0 or 1.1 document, read and checked. */
export interface Overlay {
  readonly file: string;
  /** The overlay's text: part of the key the loaded document is cached by. */
  readonly text: string;
  readonly version: '1.0' | '1.1';
  /** `extends` as a local file, made absolute against the overlay's folder; undefined for none or a URL. */
  readonly extendsFile?: string;
  readonly actions: readonly OverlayAction[];
}

const ACTION_FIELDS = new Set(['target', 'description', 'update', 'remove', 'copy']);
const ROOT_FIELDS = new Set(['overlay', 'info', 'extends', 'actions']);

/**
 * Reads an overlay file and checks it against Overlay 1.0 / 1.1: every failure is a MockConfigError of
 * one line naming the file and, when one is at fault, the action (its number from 1 and its target).
 */
export function readOverlay(file: string): Overlay {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new MockConfigError(`cannot read overlay ${file}: ${code === 'ENOENT' ? 'no such file' : (error as Error).message}`);
  }
  let root: unknown;
  try {
    root = parseYaml(text, { uniqueKeys: true, prettyErrors: true });
  } catch (error) {
    throw new MockConfigError(`overlay ${file} is not valid YAML or JSON: ${(error as Error).message.split('\n')[0]}`);
  }
  const bad = (why: string) => new MockConfigError(`overlay ${file} ${why}`);
  if (!isJsonObject(root)) throw bad('is not an Overlay document: it is not an object');
  const version = /^1\.([01])\.\d+$/.exec(typeof root.overlay === 'string' ? root.overlay : '');
  if (!version)
    throw bad(`is not an Overlay 1.0 or 1.1 document: "overlay" must be "1.0.x" or "1.1.x"; got ${JSON.stringify(root.overlay)}`);
  const unknown = Object.keys(root).find((key) => !ROOT_FIELDS.has(key) && !key.startsWith('x-'));
  if (unknown !== undefined) throw bad(`has a field Overlay does not define: "${unknown}"`);
  const info = root.info;
  if (!isJsonObject(info) || typeof info.title !== 'string' || typeof info.version !== 'string')
    throw bad('needs "info" with a "title" and a "version" (strings)');
  if (root.extends !== undefined && typeof root.extends !== 'string') throw bad('has an "extends" that is not a string');
  if (!Array.isArray(root.actions) || root.actions.length === 0) throw bad('needs "actions": a list of at least one action');
  const v = version[1] === '0' ? '1.0' : '1.1';
  const actions = root.actions.map((action: unknown, i) => checkedAction(file, v, action, i + 1));
  const extendsFile = typeof root.extends === 'string' ? localFile(root.extends, dirname(file)) : undefined;
  return { file, text, version: v, ...(extendsFile ? { extendsFile } : {}), actions };
}

function checkedAction(file: string, version: '1.0' | '1.1', action: unknown, n: number): OverlayAction {
  const target = isJsonObject(action) && typeof action.target === 'string' ? action.target : undefined;
  const name = `overlay ${file}, action ${n}${target === undefined ? '' : ` (target ${JSON.stringify(target)})`}`;
  const bad = (why: string) => new MockConfigError(`${name}: ${why}`);
  if (!isJsonObject(action)) throw bad('is not an object');
  if (target === undefined) throw bad('needs a "target": a JSONPath such as $.paths');
  const unknown = Object.keys(action).find((key) => !ACTION_FIELDS.has(key) && !key.startsWith('x-'));
  if (unknown !== undefined) throw bad(`has a field Overlay does not define: "${unknown}"`);
  checkPath(target, (why) => bad(`its target is not an RFC 9535 JSONPath: ${why}`));
  if (action.remove !== undefined && typeof action.remove !== 'boolean') throw bad('"remove" must be true or false');
  if (action.description !== undefined && typeof action.description !== 'string') throw bad('"description" must be a string');
  const remove = action.remove === true;
  const hasUpdate = Object.hasOwn(action, 'update');
  if (action.copy !== undefined) {
    if (version === '1.0') throw bad('"copy" is Overlay 1.1: declare overlay: 1.1.0');
    if (typeof action.copy !== 'string') throw bad('"copy" must be a JSONPath (a string)');
    checkPath(action.copy, (why) => bad(`its copy is not an RFC 9535 JSONPath: ${why}`));
    if (hasUpdate && !remove) throw bad('gives both "update" and "copy": give one');
  }
  if (!remove && !hasUpdate && action.copy === undefined) throw bad('does nothing: give "update", "remove: true" or "copy"');
  return {
    name,
    target,
    remove,
    hasUpdate,
    ...(hasUpdate ? { update: action.update } : {}),
    ...(typeof action.copy === 'string' ? { copy: action.copy } : {}),
  };
}

function checkPath(path: string, bad: (why: string) => Error): void {
  try {
    jsonPaths({}, path);
  } catch (error) {
    throw bad((error as Error).message.split('\n')[0] ?? '');
  }
}

/** A relative reference or a `file:` URL as an absolute path; any other URL names no local file. */
function localFile(reference: string, base: string): string | undefined {
  if (/^file:/i.test(reference)) return fileURLToPath(reference);
  if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(reference)) return undefined;
  return resolve(base, reference);
}

/**
 * The overlays that apply to one document of those a server serves: an overlay whose `extends` names one
 * of the served files applies to that document only; any other applies to every document.
 */
export function overlaysFor(document: string, overlays: readonly Overlay[], served: readonly string[]): readonly Overlay[] {
  const files = new Set(served.map((file) => resolve(file)));
  return overlays.filter(({ extendsFile }) => extendsFile === undefined || !files.has(extendsFile) || extendsFile === resolve(document));
}

/** Reads the overlay files and keeps those that apply to `document` among the `served` ones (see overlaysFor). */
export function documentOverlays(document: string, files: readonly string[], served: readonly string[]): readonly Overlay[] {
  return overlaysFor(document, files.map(readOverlay), served);
}
