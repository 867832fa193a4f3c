import { describe, expect, it } from 'vitest';
import { outboundRequest } from '../../src/callbacks/callback-request.js';
import { DataGenerator } from '../../src/generate/data-generator.js';
import { loadSpec } from '../../src/load/load-spec.js';
import { eventually } from '../support/eventually.js';
import { closeServersAfterEach, mockServer } from '../support/servers.js';

closeServersAfterEach();

const spec = new URL('./fixtures/invalid-request-examples.yaml', import.meta.url).pathname;
const swagger = new URL('./fixtures/invalid-request-examples-swagger2.yaml', import.meta.url).pathname;

interface Finding {
  readonly kind: string;
  readonly pointer: string;
  readonly operation?: string;
  readonly message: string;
}

async function lintOf(file: string, lines?: string[]): Promise<{ findings: Finding[]; coverage: number }> {
  const server = await mockServer({ spec: file, logLevel: 'warn', logStream: { write: (line: string) => lines?.push(line) } });
  await eventually(async () => (await server.inject({ url: '/__mock/document' })).json().lint.complete === true);
  const findings = (await server.inject({ url: '/__mock/document' })).json().lint.findings as Finding[];
  return { findings, coverage: server.coverage().documentFindings.length };
}

describe('request examples, parameter examples, header examples and defaults are checked against their schemas', () => {
  it('reports each invalid one once, where the document has it, in the warnings, the lint view and the coverage report', async () => {
    const lines: string[] = [];
    const { findings, coverage } = await lintOf(spec, lines);
    const order = '/paths/~1orders~1{id}';
    const create = '/paths/~1orders/post';
    expect(findings.map((f) => `${f.kind} ${f.pointer}`).sort()).toEqual(
      [
        `example ${order}/parameters/0/example`,
        `default ${order}/get/parameters/0/schema/default`,
        `example ${order}/get/parameters/0/examples/negative/value`,
        `example ${order}/get/responses/200/headers/X-Rate/example`,
        `example ${create}/requestBody/content/application~1json/examples/bad/value`,
        `default ${create}/requestBody/content/application~1json/schema/properties/qty/default`,
        `example ${create}/callbacks/onDone/{$request.body#~1callbackUrl}/post/requestBody/content/application~1json/example`,
        `example ${create}/callbacks/onDone/{$request.body#~1callbackUrl}/post/parameters/0/example`,
      ].sort(),
    );
    expect(findings.find((f) => f.pointer.endsWith('examples/negative/value'))).toMatchObject({
      operation: 'getOrder',
      message: expect.stringContaining('must be >= 1'),
    });
    expect(coverage).toBe(findings.length);
    expect(lines.filter((line) => line.includes(' at /paths/'))).toHaveLength(findings.length);
  });

  it('points into Swagger 2.0 parameters, whose schema words are on the parameter itself', async () => {
    const { findings } = await lintOf(swagger);
    expect(findings.map((f) => `${f.kind} ${f.pointer}`).sort()).toEqual([
      'default /paths/~1items/get/parameters/0/default',
      'example /paths/~1items/post/parameters/0/schema/properties/name/example',
    ]);
  });

  it("checks the webhooks' request bodies too, before the lint says it is complete", async () => {
    const webhooks = new URL('./fixtures/invalid-webhook-examples.yaml', import.meta.url).pathname;
    const { findings } = await lintOf(webhooks);
    expect(findings).toEqual([
      {
        kind: 'example',
        pointer: '/webhooks/orderShipped/post/requestBody/content/application~1json/examples/wrong/value',
        operation: 'webhook orderShipped',
        message: expect.stringContaining('allowed values'),
      },
    ]);
    const loaded = await loadSpec(webhooks);
    const webhook = loaded.webhooks.get('orderShipped')?.();
    const body = JSON.parse(String(outboundRequest(webhook as NonNullable<typeof webhook>, new DataGenerator(1)).body));
    expect(['post', 'courier']).toContain(body.carrier);
  });

  it('never sends an invalid example in a callback: its body is generated valid for the schema', async () => {
    const loaded = await loadSpec(spec);
    const callback = loaded.operations.find((op) => op.id === 'createOrder')?.callbacks?.[0];
    expect(callback).toBeDefined();
    const request = outboundRequest(callback as NonNullable<typeof callback>, new DataGenerator(1));
    expect(JSON.parse(String(request.body))).toEqual({ state: 'done' });
    // Its header parameter's example `zero` breaks `minimum: 1`: a value valid for the schema goes instead.
    expect(Number(request.headers['x-attempt'])).toBeGreaterThanOrEqual(1);
  });

  it('answers a documented response header from its schema when its example breaks it', async () => {
    const server = await mockServer({ spec });
    const answer = await server.inject({ url: '/orders/7' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['x-rate']).toMatch(/^-?\d+$/);
    const served = await mockServer({ spec, serveInvalidExamples: true });
    expect((await served.inject({ url: '/orders/7' })).headers['x-rate']).toBe('lots');
  });
});
