import { readFile, realpath } from 'node:fs/promises';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The `file` and `http` resolvers' `read` for Prism's reference parser (merged over its own): a `$ref` to
 * a file outside the folder of the document, or to an http(s) URL unless `remote` is allowed, is refused
 * with a sentence saying which and why (SECURITY.md: a document from elsewhere must not make the mock read
 * or fetch what it names).
 */
export function confinedResolvers(
  specPath: string,
  remote: boolean,
  headers: Record<string, string>,
): { resolvers: object; refused: () => string | undefined } {
  const root = dirname(resolve(specPath));
  // The parser reports a failed read as "Error reading file": the sentence is kept to be thrown instead.
  let refusal: string | undefined;
  const refuse = (sentence: string): never => {
    refusal ??= sentence;
    throw new Error(sentence);
  };
  const refused = () => refusal;
  const file = {
    read: async ({ url }: { url: string }) => {
      const path = /^file:/i.test(url) ? fileURLToPath(url) : resolve(decodeURI(url));
      const outside = (from: string, to: string) => {
        const inside = relative(from, to);
        return inside.startsWith('..') || isAbsolute(inside);
      };
      // Checked on the names as written, then on the real paths: a symlink inside must not lead outside.
      // A file that does not exist keeps readFile's own error.
      const real = await realpath(path).catch(() => undefined);
      if (outside(root, path) || (real !== undefined && outside(await realpath(root), real))) {
        refuse(`$ref ${path} is outside the document's folder ${root}; references stay inside it`);
      }
      return readFile(path);
    },
  };
  if (remote) return { resolvers: { file, http: { headers } }, refused };
  const read = async ({ url }: { url: string }) =>
    refuse(`$ref ${url} is remote; remote references are followed only with --allow-remote-refs`);
  return { resolvers: { file, http: { headers, read } }, refused };
}
