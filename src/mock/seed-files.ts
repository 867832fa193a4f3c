import { MockConfigError } from '../config-error.js';
import type { DocumentSource } from '../document-source.js';
import type { DocumentMount } from '../pipeline/types.js';

/**
 * Which `--data` file seeds which document, in the documents' order: `/BASE=FILE` the document mounted at
 * `/BASE`, a file without a base the first document. A base no document is mounted at, or two files for
 * one document, stop start-up naming them. Throws MockConfigError.
 */
export function seedFiles(sources: readonly DocumentSource[], mounts: readonly DocumentMount[]): (string | undefined)[] {
  const files: (string | undefined)[] = mounts.map(() => undefined);
  for (const { file, base } of sources) {
    const index = base === undefined ? 0 : mounts.findIndex((mount) => mount.base === base);
    if (index < 0) {
      const served = mounts.map((mount) => `${mount.base} (${mount.name})`).join(', ');
      throw new MockConfigError(`option "data": no document is mounted at ${base}; mounted: ${served}`);
    }
    const earlier = files[index];
    if (earlier !== undefined) {
      const mount = mounts[index] as DocumentMount;
      throw new MockConfigError(
        `option "data": ${earlier} and ${file} both seed document "${mount.name}" at ${mount.base}; give each another /BASE=FILE`,
      );
    }
    files[index] = file;
  }
  return files;
}
