import { isAbsolute, resolve } from 'node:path';

/** One document to serve, as given: its file, and the base path it is mounted at when one was named. */
export interface DocumentSource {
  /** Absolute path of the document. */
  readonly file: string;
  /** `/billing` from `--spec /billing=FILE` (`/` for the root); undefined: the first servers URL's path, or `/` for a lone document. */
  readonly base?: string;
}

/** A mount path: `/`, or `/`-separated segments of the characters a URL path allows unescaped, none `.` or `..`. */
const SEGMENT = /^[A-Za-z0-9\-._~!$&'()*+,;:@]+$/;

/**
 * `FILE` or `/BASE=FILE`: what comes before the first `=` names a mount path when its last segment has no
 * `.` (a file's extension) and it starts with `/` or is one bare word (`billing=`, refused as no path).
 * A file whose own name is like that can be given as `./dir/billing=x.yaml`. Returns the source, or what
 * is wrong in words.
 */
export function parseDocumentSource(entry: string): DocumentSource | string {
  const mount = /^([^=]*)=(.*)$/.exec(entry);
  const left = mount?.[1] ?? '';
  const lastSegment = left.slice(left.lastIndexOf('/') + 1);
  const named = mount && !lastSegment.includes('.') && (left.startsWith('/') || !/[/\\]/.test(left));
  if (!named) return fileSource(entry);
  const [, given = '', file = ''] = mount;
  const base = mountPath(given);
  if (typeof base !== 'string') return base.error;
  if (file === '') return `"${entry}" names no file after "="`;
  return { ...fileSource(file), base };
}

function fileSource(file: string): DocumentSource {
  return { file: isAbsolute(file) ? file : resolve(file) };
}

/** The mount path without a trailing `/`, or why it is not a path. */
export function mountPath(given: string): string | { readonly error: string } {
  const bad = (why: string) => ({ error: `mount path "${given}" is not a path: ${why}` });
  if (!given.startsWith('/')) return bad('it must start with /');
  const trimmed = given.replace(/\/+$/, '');
  if (trimmed === '') return '/';
  for (const segment of trimmed.slice(1).split('/')) {
    if (segment === '') return bad('it has an empty segment (//)');
    if (segment === '.' || segment === '..') return bad('it has a . or .. segment');
    if (!SEGMENT.test(segment)) return bad(`"${segment}" has characters a URL path does not allow unescaped`);
  }
  return trimmed;
}
