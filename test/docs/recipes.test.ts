import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import yaml from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer } from '../../src/index.js';
import { validateScenarioFile } from '../../src/scenarios/file-schema.js';
import { type DocBlock, docBlocks, ROOT, recipePages } from '../support/doc-blocks.js';

// Every block a user would run is run here against the built mock (dist/), or marked: `ran by` a test that
// runs it, or `illustrative` with the reason (CONTRIBUTING "Documented recipes"). Shell blocks run as written
// in the repository's root, but on a free port instead of 4010; JSON must parse; text is output.
const repo = fileURLToPath(ROOT);
const cli = join(repo, 'dist/cli/main.js');
const tsx = join(repo, 'node_modules/.bin/tsx');
const run = promisify(execFile);
const RUN = new Set(['bash', 'sh', 'ts', 'yaml', 'json']);
const OUTPUT = new Set(['', 'text']);

const blocks = recipePages().flatMap(docBlocks);
const named = (block: DocBlock) => `${block.page}:${block.line} (${block.language || 'text'})`;
const scratch: string[] = [];
afterAll(() => Promise.all(scratch.map((dir) => rm(dir, { recursive: true, force: true }))));

async function scratchDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'recipe-'));
  scratch.push(dir);
  return dir;
}

describe('documented recipes', () => {
  it('every block is run here, ran by a named test, illustrative with a reason, or output', () => {
    const unplaced = blocks.filter((block) => !block.marker && !RUN.has(block.language) && !OUTPUT.has(block.language)).map(named);
    expect(unplaced, 'mark these <!-- recipe: illustrative: WHY --> or <!-- recipe: ran by PATH -->').toEqual([]);
    const bad = blocks.filter(
      (block) =>
        (block.marker?.kind === 'illustrative' && block.marker.reason.length < 10) ||
        (block.marker?.kind === 'ran-by' && !existsSync(new URL(block.marker.path, ROOT))),
    );
    expect(bad.map(named), 'an illustrative block says why; a "ran by" path exists').toEqual([]);
  });

  it.each(blocks.filter((block) => block.marker?.kind === 'ran-by').map((block) => [named(block), block] as const))(
    '%s is read by the test that runs it',
    async (_name, block) => {
      const path = block.marker?.kind === 'ran-by' ? block.marker.path : '';
      const { readFile } = await import('node:fs/promises');
      expect(await readFile(new URL(path, ROOT), 'utf8')).toContain(block.page.split('/').pop());
    },
  );

  const runnable = blocks.filter((block) => !block.marker && RUN.has(block.language));
  // npx installs this folder into its cache on first use, running the package's build: under load that
  // outlasts a recipe's wait for the server, and a recipe killed midway leaves npx a broken cache entry.
  beforeAll(async () => {
    if (!runnable.some((block) => /\bnpx plantstore-mock\b/.test(block.code))) return;
    await run('npx', ['--yes', 'plantstore-mock', '--version'], { cwd: repo, timeout: 300_000 });
  }, 310_000);
  it.each(runnable.map((block) => [named(block), block] as const))(
    '%s works as written',
    async (_name, block) => {
      if (block.language === 'json') JSON.parse(block.code);
      else if (block.language === 'yaml') await checkYaml(block);
      else if (block.language === 'ts') await runModule(block);
      else await runShell(block);
    },
    90_000,
  );
});

/**
 * A shell block, on a free port; a mock serving the bundled document is started unless the block starts one.
 * A `curl` whose comment (on its line or the next) shows a JSON answer must get that answer.
 */
async function runShell(block: DocBlock): Promise<void> {
  const port = await freePort();
  const lines = block.code.replace(/4010/g, String(port)).replace(/\\\n/g, ' ').split('\n');
  const startsOwn = lines.some((line) => /plantstore-mock\b.*&$/.test(commandOf(line)));
  const expected: unknown[] = [];
  const steps = lines.map((line, index) => {
    const command = commandOf(line);
    // A person types the next line once the server printed its address; the script waits for it.
    if (command.endsWith('&')) return `${line}\nready`;
    const next = lines[index + 1] ?? '';
    const shown = jsonIn(line.slice(command.length)) ?? (commandOf(next) === '' ? jsonIn(next) : undefined);
    if (!command.startsWith('curl ') || shown === undefined) return line;
    expected.push(shown);
    return `echo '@@answer'; ${command}; echo; echo '@@end'`;
  });
  const script = [
    'set -euo pipefail',
    "trap 'kill $(jobs -p) 2>/dev/null || true' EXIT",
    `ready() { for _ in $(seq 1 300); do curl -s -o /dev/null http://127.0.0.1:${port}/__mock/health && return 0; sleep 0.1; done; echo "no mock on :${port}" >&2; return 1; }`,
    ...steps,
  ].join('\n');
  const mock = startsOwn ? undefined : await startMock(port);
  try {
    const output = await runGroup(script, { PLANTSTORE_MOCK_PORT: String(port), PLANTSTORE_MOCK_LOG_LEVEL: 'warn' });
    const answers = [...output.matchAll(/@@answer\n([\s\S]*?)\n@@end/g)].map((match) => JSON.parse(match[1] ?? ''));
    expect(answers, 'the answers the comments show').toEqual(expected);
  } finally {
    mock?.kill('SIGTERM');
  }
}

/** The line up to its comment (a `#` after white space, outside quotes), trimmed. */
function commandOf(line: string): string {
  let quote = '';
  for (let index = 0; index < line.length; index++) {
    const char = line[index];
    if (quote) quote = char === quote ? '' : quote;
    else if (char === "'" || char === '"') quote = char;
    else if (char === '#' && (index === 0 || /\s/.test(line[index - 1] ?? ''))) return line.slice(0, index).trim();
  }
  return line.trim();
}

/** The JSON object a comment starts with (`# {"name":"Ficus"} ...`), if it is one. */
function jsonIn(comment: string): unknown {
  const start = /^\s*#\s*\{/.exec(comment) ? comment.indexOf('{') : -1;
  if (start < 0) return undefined;
  for (let end = comment.indexOf('}', start); end > 0; end = comment.indexOf('}', end + 1)) {
    try {
      return JSON.parse(comment.slice(start, end + 1));
    } catch {
      // not closed yet, or not JSON
    }
  }
  return undefined;
}

/** bash in a process group of its own, ended whole when bash exits (npx leaves its node child behind). */
async function runGroup(script: string, env: Record<string, string>): Promise<string> {
  const out = join(await scratchDir(), 'out.txt');
  const fd = openSync(out, 'w');
  const child = spawn('bash', ['-c', script], { cwd: repo, env: { ...process.env, ...env }, detached: true, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  const timer = setTimeout(() => process.kill(-(child.pid ?? 0), 'SIGKILL'), 60_000);
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  clearTimeout(timer);
  try {
    process.kill(-(child.pid ?? 0), 'SIGTERM');
  } catch {
    // the group already ended
  }
  const output = readFileSync(out, 'utf8');
  if (code !== 0) throw new Error(`exit ${code}:\n${script}\n${output}`);
  return output;
}

async function startMock(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [cli, '--port', String(port), '--log-level', 'warn'], { stdio: 'ignore' });
  for (let attempt = 0; attempt < 300; attempt++) {
    const up = await fetch(`http://127.0.0.1:${port}/__mock/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return child;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error(`the mock did not start on :${port}`);
}

/** A whole TypeScript module, importing the package by its name as an installed package does. */
async function runModule(block: DocBlock): Promise<void> {
  const dir = await scratchDir();
  await mkdir(join(dir, 'node_modules'));
  await symlink(repo, join(dir, 'node_modules/plantstore-mock'), 'dir');
  if (!block.code.includes("from 'vitest'")) {
    await writeFile(join(dir, 'recipe.mts'), block.code);
    await run(tsx, ['recipe.mts'], { cwd: dir, timeout: 60_000 });
    return;
  }
  await symlink(join(repo, 'node_modules/vitest'), join(dir, 'node_modules/vitest'), 'dir');
  await writeFile(join(dir, 'recipe.test.mts'), block.code);
  await run(process.execPath, [join(repo, 'node_modules/vitest/vitest.mjs'), 'run', '--root', dir], {
    cwd: dir,
    timeout: 60_000,
  });
}

/** Seed data (`/path:` keys) loads into the stateful simulator; a scenario file, rule list or rule checks. */
async function checkYaml(block: DocBlock): Promise<void> {
  const dir = await scratchDir();
  const parsed = yaml.load(block.code) as Record<string, unknown> | unknown[];
  if (!Array.isArray(parsed) && Object.keys(parsed).every((key) => key.startsWith('/'))) {
    await writeFile(join(dir, 'data.yaml'), block.code);
    const spec = join(repo, 'test/fixtures/plantstore-crud.yaml');
    await (await createMockServer({ spec, stateful: true, data: join(dir, 'data.yaml') })).close();
    return;
  }
  const file = Array.isArray(parsed)
    ? { description: 'recipe', rules: parsed }
    : 'rules' in parsed
      ? { description: 'recipe', ...parsed }
      : { description: 'recipe', rules: [{ operation: 'createPlant', ...parsed, respond: {} }] };
  expect(validateScenarioFile(file)).toBeUndefined();
  const rules = file.rules as Array<{ operation?: string }>;
  if (rules.every((rule) => ['createPlant', '*', 'POST /plants'].includes(rule.operation ?? ''))) {
    await mkdir(join(dir, 'scenarios'));
    await writeFile(join(dir, 'scenarios/recipe.yaml'), yaml.dump(file));
    await (await createMockServer({ scenariosDir: join(dir, 'scenarios') })).close();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
