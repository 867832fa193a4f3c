/**
 * A large YAML document parsed on a worker while the CLI starts (src/document/early-parse.ts), from the
 * built files: the worker runs dist/document/early-parse-worker.js, as the CLI's entry starts it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, startCli } from '../support/cli.js';

// The built modules, as the CLI runs them: the worker's file lies beside early-parse.js there.
const built = (file: string) => import(new URL(`../../dist/document/${file}`, import.meta.url).href);
const { parseEarly, takeEarlyParse } = (await built('early-parse.js')) as typeof import('../../src/document/early-parse.js');
const { parseYaml } = (await built('yaml-parser.js')) as typeof import('../../src/document/yaml-parser.js');

const dir = mkdtempSync(join(tmpdir(), 'early-parse-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** An OpenAPI document of over 512 KB, whose examples hold what a copy between threads must keep. */
function largeDocument(): string {
  const lines = ['openapi: 3.0.3', "info: {title: Large, version: '1'}", 'paths:'];
  for (let i = 0; lines.join('\n').length < 600 * 1024; i++) {
    lines.push(
      `  /things${i}:`,
      '    get:',
      '      responses:',
      "        '200':",
      '          description: ok',
      '          content:',
      '            application/json:',
      '              schema:',
      '                type: object',
      '                properties: {__proto__: {type: integer}, n: {type: number}}',
      `              example: {n: ${i}, z: -0.0, inf: .inf, word: "Q&A"}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

const text = largeDocument();
const file = join(dir, 'large.yaml');
writeFileSync(file, text);

describe('the early parse of a large YAML document', { timeout: 60_000 }, () => {
  it('hands over the value the loader would read itself, keys named __proto__ and non-JSON numbers kept', async () => {
    expect(parseEarly(file, true)).toBe(true);
    const early = await takeEarlyParse(file, text);
    expect(isDeepStrictEqual(early?.value, parseYaml(text, { uniqueKeys: true }))).toBe(true);
    type Content = Record<string, { schema: { properties: object }; example: { z: number } }>;
    const paths =
      (early?.value as undefined | { paths: Record<string, { get: { responses: Record<string, { content: Content }> } }> })?.paths ?? {};
    const things0 = paths['/things0']?.get.responses['200']?.content ?? {};
    expect(Object.keys(things0['application/json']?.schema.properties ?? {})).toEqual(['__proto__', 'n']);
    expect(Object.is(things0['application/json']?.example.z, -0)).toBe(true);
  });

  it('hands over nothing for another text, another document, or none started', async () => {
    expect(parseEarly(file, true)).toBe(true);
    expect(await takeEarlyParse(file, `${text}# changed since\n`)).toBeUndefined();
    expect(parseEarly(file, true)).toBe(true);
    expect(await takeEarlyParse(join(dir, 'other.yaml'), text)).toBeUndefined();
    expect(await takeEarlyParse(file, text)).toBeUndefined();
  });

  it('leaves JSON and documents with anchors to the loader, and small documents unstarted', async () => {
    const json = join(dir, 'large.json');
    writeFileSync(json, JSON.stringify({ pad: 'x'.repeat(600 * 1024) }));
    expect(parseEarly(json, true)).toBe(true);
    expect(await takeEarlyParse(json, JSON.stringify({ pad: 'x'.repeat(600 * 1024) }))).toBeUndefined();
    const anchored = join(dir, 'anchored.yaml');
    writeFileSync(anchored, `a: &x 1\nb: *x\n${text.slice(0)}`.replace('openapi:', 'c:'));
    expect(parseEarly(anchored, true)).toBe(true);
    expect(await takeEarlyParse(anchored, 'whatever')).toBeUndefined();
    const small = join(dir, 'small.yaml');
    writeFileSync(small, 'openapi: 3.0.3\n');
    expect(parseEarly(small, true)).toBe(false);
  });

  it('lets the CLI serve the document as parsed, and fail on a broken one with the loader`s own error', async () => {
    const cli = await startCli(['--spec', file]);
    try {
      const response = await fetch(`${cli.url}/things7`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('"n":7');
    } finally {
      cli.child.kill('SIGTERM');
      await cli.exited();
    }
    const broken = join(dir, 'broken.yaml');
    writeFileSync(broken, `${text}  /broken: [unclosed\n`);
    const result = await runCli(['--spec', broken], 60_000);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^plantstore-mock: spec \S+broken\.yaml is not valid YAML or JSON: /);
  });
});
