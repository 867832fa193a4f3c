// One version for every artefact: package.json holds it; this writes it into the Java, Python and Go
// modules (npm's `version` script runs it, so `npm version 0.2.0` moves them all). With --check it changes
// nothing and exits 1 naming each file that disagrees; --tag vX.Y.Z also checks a release tag against it.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Each artefact's version: the file, and the one place in it that holds the number. */
export const VERSION_PLACES: readonly { readonly file: string; readonly pattern: RegExp }[] = [
  {
    file: 'modules/java/pom.xml',
    pattern: /(<artifactId>plantstore-mock-testcontainers<\/artifactId>\s*(?:<!--[\s\S]*?-->\s*)?<version>)([^<]+)(<\/version>)/,
  },
  {
    file: 'modules/java/src/main/java/io/github/plantstoremock/testcontainers/PlantStoreMockContainer.java',
    pattern: /(String VERSION = ")([^"]+)(";)/,
  },
  { file: 'modules/python/src/plantstore_mock/_version.py', pattern: /(__version__ = ")([^"]+)(")/ },
  { file: 'modules/go/version.go', pattern: /(const Version = ")([^"]+)(")/ },
];

export function projectVersion(root = ROOT): string {
  return (JSON.parse(readFileSync(`${root}/package.json`, 'utf8')) as { version: string }).version;
}

/** [{ file, found }] for every place, `found` undefined where the pattern is missing. */
export function versionsFound(root = ROOT): { file: string; found: string | undefined }[] {
  return VERSION_PLACES.map(({ file, pattern }) => ({ file, found: pattern.exec(readFileSync(`${root}/${file}`, 'utf8'))?.[2] }));
}

/** The places that disagree with package.json, as lines to print. */
export function mismatches(root = ROOT): string[] {
  const version = projectVersion(root);
  const wrong = versionsFound(root).filter(({ found }) => found !== version);
  const changelog = readFileSync(`${root}/CHANGELOG.md`, 'utf8');
  const lines = wrong.map(({ file, found }) => `${file}: ${found ?? 'no version found'} (package.json: ${version})`);
  if (!changelog.includes(`## [${version}]`)) lines.push(`CHANGELOG.md: no "## [${version}]" section (package.json: ${version})`);
  return lines;
}

/** Writes package.json's version into every module; returns the files written. */
export function writeVersion(root = ROOT): string[] {
  const version = projectVersion(root);
  for (const { file, pattern } of VERSION_PLACES) {
    const text = readFileSync(`${root}/${file}`, 'utf8');
    if (!pattern.test(text)) throw new Error(`${file}: the version's place was not found`);
    writeFileSync(
      `${root}/${file}`,
      text.replace(pattern, (_match: string, before: string, _old: string, after: string) => `${before}${version}${after}`),
    );
  }
  return VERSION_PLACES.map(({ file }) => file);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  if (args.includes('--check')) {
    const problems = mismatches();
    const tagAt = args.indexOf('--tag');
    const tag = tagAt >= 0 ? args[tagAt + 1] : undefined;
    if (tag !== undefined && tag.replace(/^v/, '') !== projectVersion())
      problems.push(`tag ${tag} is not v${projectVersion()} (package.json)`);
    for (const line of problems) console.error(`version mismatch: ${line}`);
    if (problems.length > 0) process.exit(1);
    console.log(`every artefact is at version ${projectVersion()}`);
  } else {
    console.log(`version ${projectVersion()} written to ${writeVersion().join(', ')}`);
  }
}
