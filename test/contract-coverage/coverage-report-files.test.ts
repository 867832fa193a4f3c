import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { createMockServer } from '../../src/index.js';
import { closeServersAfterEach, JSON_BODY, mockServer, postPlant } from '../support/servers.js';

closeServersAfterEach();

describe('coverage report files', () => {
  it('are written on close, whole and without temporary files left', async () => {
    const dir = join(await mkdtemp(join(tmpdir(), 'coverage-files-')), 'nested', 'report');
    const mock = await createMockServer({ coverageReport: dir, journalSize: 0 });
    await postPlant(mock, '{"id": 1, "name": "Ficus", "tag": "tree"}');
    await postPlant(mock, '{"id": "x"}');
    const expected = mock.coverage();
    await mock.close();
    expect((await readdir(dir)).sort()).toEqual(['coverage.json', 'coverage.md', 'coverage.xml']);
    expect(JSON.parse(await readFile(join(dir, 'coverage.json'), 'utf8'))).toEqual(expected);
    expect(XMLValidator.validate(await readFile(join(dir, 'coverage.xml'), 'utf8'))).toBe(true);
    expect(await readFile(join(dir, 'coverage.md'), 'utf8')).toContain('**100%** of documented responses served (2 of 2)');
  });

  it('log a warning when they cannot be written, and closing still succeeds, naming what was not saved', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'coverage-files-')), 'not-a-dir');
    await writeFile(file, 'in the way');
    const lines: string[] = [];
    const mock = await createMockServer({
      coverageReport: file,
      logLevel: 'warn',
      logStream: { write: (line: string) => lines.push(line) },
    });
    const { unsaved } = await mock.close();
    expect(unsaved).toEqual([expect.stringContaining(`could not write the coverage report to ${file}`)]);
    expect(lines.join('')).toContain(`could not write the coverage report to ${file}`);
  });
});

describe('formats over HTTP', () => {
  it('answers JUnit XML, Markdown and text with their media types', async () => {
    const mock = await mockServer();
    await postPlant(mock, '{"id": 1, "name": "Ficus"}', { ...JSON_BODY, 'x-mock-session': 'a' });
    const junit = await mock.inject('/__mock/coverage?format=junit');
    expect(junit.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(XMLValidator.validate(junit.body)).toBe(true);
    expect(junit.body).toContain('failures="1"');
    const markdown = await mock.inject('/__mock/coverage?format=markdown&session=a');
    expect(markdown.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(markdown.body).toContain('## Contract coverage (session `a`)');
    const text = await mock.inject('/__mock/coverage?format=text');
    expect(text.body).toMatch(/^contract coverage: 50% /);
  });
});

describe('admin OpenAPI document', () => {
  it('lists GET and DELETE /__mock/coverage with their parameters and the report schema', async () => {
    const mock = await mockServer();
    const document = (await mock.inject('/__mock/openapi.json')).json();
    const coverage = document.paths['/__mock/coverage'];
    expect(Object.keys(coverage).sort()).toEqual(['delete', 'get']);
    expect(coverage.get.parameters.map((p: { name: string }) => p.name)).toEqual(['session', 'spec', 'format', 'token']);
    const schema = coverage.get.responses['200'].content['application/json'].schema;
    expect(schema.properties.summary.required).toEqual(
      expect.arrayContaining([
        'operations',
        'operationsExercised',
        'documentedResponses',
        'documentedResponsesServed',
        'percent',
        'violations',
      ]),
    );
    expect(coverage.delete.parameters.map((p: { name: string }) => p.name)).toEqual(['session', 'spec', 'token']);
  });
});
