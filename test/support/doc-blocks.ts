import { existsSync, readdirSync, readFileSync } from 'node:fs';

/**
 * The fenced code blocks of the documentation, each with the recipe marker of the last non-blank line
 * before its fence (docs say how in CONTRIBUTING "Documented recipes"):
 * `<!-- recipe: illustrative: REASON -->` (never run, and why) or `<!-- recipe: ran by PATH -->` (a test
 * or script at PATH runs it). Unmarked blocks are run by test/docs/recipes.test.ts.
 */
export interface DocBlock {
  page: string;
  line: number;
  language: string;
  code: string;
  marker?: { kind: 'illustrative'; reason: string } | { kind: 'ran-by'; path: string };
}

export const ROOT = new URL('../../', import.meta.url);

/** The pages whose blocks a user would run: the README, docs/, the scenarios' and the modules' READMEs. */
export function recipePages(): string[] {
  const docs = readdirSync(new URL('docs/', ROOT)).filter((name) => name.endsWith('.md'));
  const modules = readdirSync(new URL('modules/', ROOT)).filter((name) => existsSync(new URL(`modules/${name}/README.md`, ROOT)));
  return ['README.md', 'scenarios/README.md', ...docs.map((name) => `docs/${name}`), ...modules.map((name) => `modules/${name}/README.md`)];
}

const MARKER = /<!--\s*recipe:\s*(illustrative|ran by)\s*:?\s*(.*?)\s*-->/;

export function docBlocks(page: string): DocBlock[] {
  const lines = readFileSync(new URL(page, ROOT), 'utf8').split('\n');
  const blocks: DocBlock[] = [];
  let previous = '';
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] ?? '';
    const fence = /^(\s*)```(\S*)\s*$/.exec(line);
    if (!fence) {
      if (line.trim() !== '') previous = line;
      continue;
    }
    const indent = fence[1]?.length ?? 0;
    const start = index;
    const body: string[] = [];
    for (index++; index < lines.length && !/^\s*```\s*$/.test(lines[index] ?? ''); index++) {
      body.push((lines[index] ?? '').slice(indent));
    }
    const found = MARKER.exec(previous);
    const marker = !found
      ? undefined
      : found[1] === 'illustrative'
        ? ({ kind: 'illustrative', reason: found[2] ?? '' } as const)
        : ({ kind: 'ran-by', path: found[2] ?? '' } as const);
    blocks.push({ page, line: start + 1, language: fence[2] ?? '', code: `${body.join('\n')}\n`, marker });
    previous = '';
  }
  return blocks;
}

/** The one block of `page` marked as run by `path` (the test that runs it reads it from here). */
export function blockRanBy(page: string, path: string): DocBlock {
  const found = docBlocks(page).filter((block) => block.marker?.kind === 'ran-by' && block.marker.path === path);
  if (found.length !== 1) throw new Error(`${page} has ${found.length} blocks marked "ran by ${path}", not one`);
  return found[0] as DocBlock;
}
