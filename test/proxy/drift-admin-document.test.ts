import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterEach, describe, expect, it } from 'vitest';
import { AUTH, closeServersAfterEach, JSON_BODY, mockServer } from '../support/servers.js';
import { startUpstream, type TestUpstream } from '../support/upstream.js';

closeServersAfterEach();
const SPEC = 'test/fixtures/proxy-store.yaml';
const PETS = 'test/fixtures/pets.yaml';
const upstreams: TestUpstream[] = [];
afterEach(async () => {
  await Promise.all(upstreams.splice(0).map((u) => u.close()));
});

type Operation = { parameters: { name: string; in: string }[]; responses: Record<string, { content: Record<string, { schema: object }> }> };

async function adminDocument(server: Awaited<ReturnType<typeof mockServer>>) {
  return (await server.inject('/__mock/openapi.json')).json() as { paths: Record<string, Record<string, Operation>> };
}

describe('drift and coverage in the admin OpenAPI document', () => {
  it('describes GET /__mock/drift and /__mock/coverage with ?spec=, ?session= and ?format=', async () => {
    const server = await mockServer();
    const { paths } = await adminDocument(server);
    const names = (operation: Operation | undefined) => operation?.parameters.filter((p) => p.in === 'query').map((p) => p.name);
    expect(names(paths['/__mock/drift']?.get)).toEqual(expect.arrayContaining(['spec', 'session', 'format']));
    expect(names(paths['/__mock/coverage']?.get)).toEqual(expect.arrayContaining(['spec', 'session', 'format']));
    expect(names(paths['/__mock/coverage']?.delete)).toEqual(expect.arrayContaining(['spec', 'session']));
    expect(Object.keys(paths['/__mock/drift']?.get?.responses['200']?.content ?? {})).toEqual([
      'application/json',
      'application/xml',
      'text/markdown',
    ]);
  });

  it('answers the drift and coverage JSON of the document ?spec= names, in the shapes it describes', async () => {
    const upstream = await startUpstream();
    upstreams.push(upstream);
    const server = await mockServer({ spec: [SPEC, `/pets=${PETS}`], proxy: `${upstream.url}/v1` });
    upstream.drift = 'undocumented-status';
    const plant = await server.inject({ method: 'POST', url: '/plants', headers: JSON_BODY, payload: '{"id": 7, "name": "Ficus"}' });
    expect(plant.headers['x-mock-drift']).toContain('status 418');

    const { paths } = await adminDocument(server);
    const ajv = new Ajv2020({ strict: false });
    const driftSchema = paths['/__mock/drift']?.get?.responses['200']?.content['application/json']?.schema ?? {};
    const coverageSchema = paths['/__mock/coverage']?.get?.responses['200']?.content['application/json']?.schema ?? {};
    const fits = (schema: object, body: unknown) => ajv.validate(schema, body) || ajv.errorsText(ajv.errors);

    expect(fits(driftSchema, { session: null })).not.toBe(true);
    const drifted = (await server.inject('/__mock/drift?spec=proxy-store')).json();
    expect(fits(driftSchema, drifted)).toBe(true);
    expect(drifted.summary).toEqual({ upstreamAnswers: 1, driftingAnswers: 1, operationsDrifting: 1 });
    const pets = (await server.inject('/__mock/drift?spec=pets')).json();
    expect(fits(driftSchema, pets)).toBe(true);
    expect(pets.summary).toEqual({ upstreamAnswers: 0, driftingAnswers: 0, operationsDrifting: 0 });

    const coverage = (await server.inject('/__mock/coverage?spec=proxy-store')).json();
    expect(fits(coverageSchema, coverage)).toBe(true);
    expect(coverage.summary).toMatchObject({ upstreamAnswers: 1, driftingAnswers: 1 });
    expect(fits(coverageSchema, (await server.inject('/__mock/coverage?spec=pets')).json())).toBe(true);

    const unknown = await server.inject({ url: '/__mock/drift?spec=nope', headers: AUTH });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('proxy-store, pets');
  });
});
