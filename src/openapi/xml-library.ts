import { createRequire } from 'node:module';
import type * as FastXmlParser from 'fast-xml-parser';

let loaded: typeof FastXmlParser | undefined;

/**
 * fast-xml-parser, loaded from node_modules when an XML body is first written or read: loading it (and
 * the unsafe-string patterns it compiles) was ~2% of every start's CPU, for documents that mostly have
 * no XML at all. Left out of the CLI's bundle as faker is (scripts/bundle-cli.mjs bundles no createRequire).
 */
export function xmlLibrary(): typeof FastXmlParser {
  loaded ??= createRequire(import.meta.url)('fast-xml-parser') as typeof FastXmlParser;
  return loaded;
}
