import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { packageVersion } from '../assets/package-files.js';
import { type DocumentCache, openDocumentCache } from '../cache/document-cache.js';

/**
 * The build of the CLI running: the digest of its bundle's text, which the build writes into the
 * bundle's loader beside it (scripts/bundle-cli.mjs), already loaded by the bin: nothing is read or
 * hashed at start-up. Undefined where the CLI runs unbundled (from its sources).
 */
export function bundleBuild(from: string | URL = import.meta.url): string | undefined {
  try {
    const id: unknown = (createRequire(from)('./load-bundle.cjs') as { bundleId?: unknown }).bundleId;
    return typeof id === 'string' && /^[0-9a-f]{16}$/.test(id) ? id : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The user's parse cache (src/cache/document-cache.ts): `$XDG_CACHE_HOME/plantstore-mock`, else
 * `~/.cache/plantstore-mock`, as the XDG base directory specification says (a relative
 * XDG_CACHE_HOME is ignored, as it says too). Its entries are those of this build (`build`, the
 * bundle's digest); undefined when switched off, where it cannot be made, or for a build that has no
 * digest (the CLI run from its sources: an edited parser must not read what the old one parsed).
 */
export function userDocumentCache(env: NodeJS.ProcessEnv, on: boolean, build = bundleBuild()): DocumentCache | undefined {
  if (!on || build === undefined) return undefined;
  const xdg = env.XDG_CACHE_HOME;
  let base: string;
  try {
    base = xdg !== undefined && isAbsolute(xdg) ? xdg : join(homedir(), '.cache');
  } catch {
    return undefined;
  }
  return openDocumentCache(join(base, 'plantstore-mock'), { version: packageVersion(), build });
}
