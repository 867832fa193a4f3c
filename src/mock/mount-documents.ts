import { basename, extname } from 'node:path';
import { MockConfigError } from '../config-error.js';
import { type DocumentSource, mountPath } from '../document-source.js';
import type { LoadedSpec } from '../load/load-spec.js';
import type { MockServerUrl } from '../openapi/operation.js';
import type { DocumentMount } from '../pipeline/types.js';
import { collidingMounts } from './mount-router.js';

/** A loaded document and where it is served. */
export interface MountedSpec {
  readonly source: DocumentSource;
  readonly spec: LoadedSpec;
  readonly mount: DocumentMount;
}

/**
 * Where each document is served: the base path given (`/billing=FILE`), else its first servers URL's path
 * (variables at their defaults), else `/`. Each is named by its file (`billing` for `billing.yaml`); files
 * of the same name are named by their base paths instead. Two documents at one base path stop start-up,
 * naming both. Throws MockConfigError.
 */
export function mountDocuments(loaded: readonly { readonly source: DocumentSource; readonly spec: LoadedSpec }[]): MountedSpec[] {
  const bases = loaded.map(({ source, spec }) => ({ file: source.file, base: source.base ?? serversBase(spec) }));
  const collision = collidingMounts(bases);
  if (collision) {
    const [a, b] = collision;
    throw new MockConfigError(
      `specs ${a.file} and ${b.file} are both mounted at ${a.base}; give one another base path with --spec /BASE=FILE`,
    );
  }
  const fileNames = bases.map(({ file }) => basename(file, extname(file)));
  const names = bases.map(({ base }, i) => {
    const name = fileNames[i] as string;
    return fileNames.indexOf(name) === fileNames.lastIndexOf(name) || base === '/' ? name : base.slice(1);
  });
  const twice = names.find((name, i) => names.indexOf(name) !== i);
  if (twice !== undefined) throw new MockConfigError(`two specs would both be named "${twice}"; rename one of the files`);
  return loaded.map(({ source, spec }, i) => ({
    source,
    spec,
    mount: Object.freeze({ name: names[i] as string, base: (bases[i] as { base: string }).base }),
  }));
}

/** The path of the document's first servers URL, with its variables' defaults; `/` when it has none. */
function serversBase(spec: LoadedSpec): string {
  const server: MockServerUrl | undefined = spec.servers[0];
  if (server === undefined) return '/';
  const path = server.url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '').replace(/[?#].*$/, '');
  let missing: string | undefined;
  const filled = path.replace(/\{([^{}/]*)\}/g, (_whole, name: string) => {
    const value = server.variables?.[name]?.default;
    if (value === undefined) missing ??= name;
    return String(value ?? '');
  });
  const fail = (why: string) =>
    new MockConfigError(
      `spec ${spec.path}: cannot be mounted at its first servers URL (${server.url}): ${why}; give a base with --spec /BASE=FILE`,
    );
  if (missing !== undefined) throw fail(`variable {${missing}} has no default`);
  if (!filled.startsWith('/')) return '/';
  const base = mountPath(filled);
  if (typeof base !== 'string') throw fail(base.error);
  return base;
}
