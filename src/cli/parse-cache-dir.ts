import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { packageVersion } from '../assets/package-files.js';
import { type DocumentCache, openDocumentCache } from '../cache/document-cache.js';

/**
 * The user's parse cache (src/cache/document-cache.ts): `$XDG_CACHE_HOME/plantstore-mock`, else
 * `~/.cache/plantstore-mock`, as the XDG base directory specification says (a relative
 * XDG_CACHE_HOME is ignored, as it says too). Undefined when switched off or where it cannot be made.
 */
export function userDocumentCache(env: NodeJS.ProcessEnv, on: boolean): DocumentCache | undefined {
  if (!on) return undefined;
  const xdg = env.XDG_CACHE_HOME;
  let base: string;
  try {
    base = xdg !== undefined && isAbsolute(xdg) ? xdg : join(homedir(), '.cache');
  } catch {
    return undefined;
  }
  return openDocumentCache(join(base, 'plantstore-mock'), { version: packageVersion() });
}
