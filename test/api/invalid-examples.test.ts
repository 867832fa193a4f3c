import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ajvJudge } from '../corpus/independent/ajv-judge.js';
import { eventually } from '../support/eventually.js';
import { closeServersAfterEach, mockServer } from '../support/servers.js';

closeServersAfterEach();

const spec = new URL('./fixtures/invalid-examples.yaml', import.meta.url).pathname;
const nested = new URL('./fixtures/invalid-examples-nested.yaml', import.meta.url).pathname;

function capture() {
  const lines: string[] = [];
  return { lines, logStream: { write: (line: string) => lines.push(line) } };
}

describe("the document's examples are checked against their schemas", () => {
  it('never serves an invalid example by default: the next source answers', async () => {
    const server = await mockServer({ spec });
    const list = await server.inject({ url: '/offers' });
    expect(list.statusCode).toBe(200);
    // The media-type example breaks the enum, the property's example is an array, its default a string.
    expect(list.json()).toEqual({ status: 'Pending', format: 'json', limit: expect.any(Number) });
    const one = await server.inject({ url: '/offers/1' });
    expect(one.json()).toEqual({ status: 'Failed' });
    expect(one.headers['x-mock-findings']).toBeUndefined();
  });

  it("checks a combination branch's example against the whole, and the parts of a cycle too", async () => {
    const server = await mockServer({ spec: nested });
    const judge = ajvJudge(nested);
    const collaboration = await server.inject({ url: '/collaborations/1' });
    expect(collaboration.json()).toMatchObject({ created_by: { id: expect.any(Number) }, modified_by: { id: 4, name: 'Aaron' } });
    expect(judge('/collaborations/{id}', 'get', 200, 'application/json', collaboration.json())).toEqual([]);
    const plans = await server.inject({ url: '/plans' });
    expect(plans.json()).toHaveProperty('patterns.0.patterns');
    expect(judge('/plans', 'get', 200, 'application/json', plans.json())).toEqual([]);
    await eventually(async () => (await server.inject({ url: '/__mock/document' })).json().lint.complete === true);
    const pointers = (await server.inject({ url: '/__mock/document' })).json().lint.findings.map((f: { pointer: string }) => f.pointer);
    expect(pointers.sort()).toEqual([
      '/paths/~1collaborations~1{id}/get/responses/200/content/application~1json/schema/properties/created_by/allOf/2/example',
      '/paths/~1plans/get/responses/200/content/application~1json/schema/properties/closes/example',
    ]);
  });

  it('checks them on a listening server too: its preparation does, once its first requests are answered', async () => {
    // A copy: the loaded document is shared by the process, and the test above swept this one.
    const copy = join(mkdtempSync(join(tmpdir(), 'invalid-examples-')), 'nested.yaml');
    writeFileSync(copy, `${readFileSync(nested, 'utf8')}\n# listening\n`);
    const server = await mockServer({ spec: copy, port: 0, host: '127.0.0.1' });
    await server.listen();
    await eventually(async () => (await server.inject({ url: '/__mock/document' })).json().lint.complete === true);
    const pointers = (await server.inject({ url: '/__mock/document' })).json().lint.findings.map((f: { pointer: string }) => f.pointer);
    expect(pointers.sort()).toEqual([
      '/paths/~1collaborations~1{id}/get/responses/200/content/application~1json/schema/properties/created_by/allOf/2/example',
      '/paths/~1plans/get/responses/200/content/application~1json/schema/properties/closes/example',
    ]);
  });

  it('serves an invalid example asked for by name, with a finding', async () => {
    const server = await mockServer({ spec });
    const broken = await server.inject({ url: '/offers/1', headers: { prefer: 'example=broken' } });
    expect(broken.statusCode).toBe(200);
    expect(broken.json()).toEqual({ status: 'Nope' });
    const [finding] = JSON.parse(String(broken.headers['x-mock-findings']));
    expect(finding).toMatchObject({ code: 'invalid-example', path: ['example'] });
    expect(finding.message).toContain('status must be equal to one of the allowed values');
  });

  it('serves them all with --serve-invalid-examples', async () => {
    const server = await mockServer({ spec, serveInvalidExamples: true });
    expect((await server.inject({ url: '/offers' })).json()).toEqual({ status: 'Draft', format: 'json', limit: 1 });
    expect((await server.inject({ url: '/offers/1' })).json()).toEqual({ status: 'Nope' });
  });

  it('reports each invalid value once, in a warning and in the lint view', async () => {
    const { lines, logStream } = capture();
    const server = await mockServer({ spec, logLevel: 'warn', logStream });
    await mockServer({ spec });
    await eventually(async () => (await server.inject({ url: '/__mock/document' })).json().lint.complete === true);
    const view = (await server.inject({ url: '/__mock/document' })).json();
    const pointers = view.lint.findings.map((f: { pointer: string }) => f.pointer).sort();
    const offers = '/paths/~1offers/get/responses/200/content/application~1json';
    expect(pointers).toEqual(
      [
        `${offers}/example`,
        `${offers}/schema/properties/format/example`,
        `${offers}/schema/properties/limit/default`,
        '/paths/~1offers~1{id}/get/responses/200/content/application~1json/examples/broken/value',
      ].sort(),
    );
    expect(view.lint.findings.find((f: { pointer: string }) => f.pointer.endsWith('limit/default'))).toMatchObject({
      kind: 'default',
      operation: 'listOffers',
      message: 'must be integer',
    });
    expect(server.coverage().documentFindings).toHaveLength(4);
    const warnings = lines.filter((line) => line.includes('breaks') || line.includes('must'));
    expect(warnings).toHaveLength(4);
  });
});
