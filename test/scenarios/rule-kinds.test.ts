import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlant, serverWith } from '../support/scenarios.js';

const RULES = `
description: every rule kind
rules:
  - operation: createPlant
    match:
      headers: { x-variant: { equals: header } }
    respond: { body: { name: by header } }
  - operation: POST /plants
    match:
      query: { variant: { regex: '^q[0-9]+$' } }
    respond: { body: { name: by query } }
  - operation: createPlant
    match:
      body:
        /name: { equals: Exact }
        /tag: { exists: false }
    respond: { body: { name: equals and absent tag } }
  - operation: createPlant
    match:
      body:
        /name: { regex: '^Mon' }
        /id: { type: integer }
    respond:
      headers: { x-created: 'plant {{/body/id}}' }
      template: { name: 'echo {{/body/name}}', tag: '{{/body/tag}}' }
  - operation: createPlant
    match: { body: { /name: { equals: generated } } }
    respond: { generate: { seed: 7 } }
  - operation: createPlant
    match: { body: { /name: { equals: error } } }
    respond: { error: { code: DUPLICATE_ID, params: { id: '{{/body/id}}' } } }
  - operation: createPlant
    match: { body: { /name: { equals: status-only } } }
    respond: { status: 400 }
  - operation: createPlant
    match: { body: { /name: { equals: broken } } }
    respond: { status: 200, body: { id: 1 }, offContract: SDK must reject a Plant without a name }
  - operation: createPlant
    match: { body: { /name: { equals: sequence } } }
    sequence:
      - { times: 2, body: { name: first } }
      - { body: { name: second } }
      - { body: { name: forever } }
  - operation: createPlant
    match: { body: { /name: { equals: remember } } }
    store: /id
    respond: { body: { name: remembered } }
  - operation: createPlant
    match: { body: { /name: { equals: recall } } }
    respond: { template: { name: 'recalled {{/stored/5/tag}}' } }
`;

describe('scenario rule kinds', () => {
  let server: Awaited<ReturnType<typeof serverWith>>;
  const scenario = { 'x-mock-scenario': 'kinds' };
  beforeAll(async () => {
    server = await serverWith({ 'kinds.yaml': RULES }, { seed: 1 });
  });
  afterAll(() => server.cleanup());

  it('matches on a header', async () => {
    const response = await createPlant(server, { id: 1, name: 'x' }, { ...scenario, 'x-variant': 'header' });
    expect(response.json()).toEqual({ name: 'by header' });
  });

  it('matches on a query parameter by regex', async () => {
    expect((await createPlant(server, { id: 1, name: 'x' }, scenario, '/plants?variant=q42')).json()).toEqual({ name: 'by query' });
    expect((await createPlant(server, { id: 1, name: 'x' }, scenario, '/plants?variant=nope')).json()).toEqual({ name: 'x' });
  });

  it('combines body conditions: equals and exists', async () => {
    expect((await createPlant(server, { id: 1, name: 'Exact' }, scenario)).json()).toEqual({ name: 'equals and absent tag' });
    expect((await createPlant(server, { id: 1, name: 'Exact', tag: 't' }, scenario)).json()).toEqual({ name: 'Exact', tag: 't' });
  });

  it('renders templates into the body and headers, leaving out missing optional fields', async () => {
    const tagged = await createPlant(server, { id: 9, name: 'Monstera', tag: 'tropical' }, scenario);
    expect(tagged.json()).toEqual({ name: 'echo Monstera', tag: 'tropical' });
    expect(tagged.headers['x-created']).toBe('plant 9');
    const untagged = await createPlant(server, { id: 9, name: 'Monstera' }, scenario);
    expect(untagged.json()).toEqual({ name: 'echo Monstera' });
  });

  it('lets Prefer forcing win over the scenario', async () => {
    const response = await createPlant(server, { id: 9, name: 'Monstera' }, { ...scenario, prefer: 'code=200' });
    expect(response.json()).toEqual({ name: 'Monstera' });
  });

  it('generates a seeded body that is the same every time', async () => {
    const first = await createPlant(server, { id: 1, name: 'generated' }, scenario);
    const second = await createPlant(server, { id: 1, name: 'generated' }, scenario);
    expect(first.statusCode).toBe(200);
    expect(typeof first.json().name).toBe('string');
    expect(second.body).toBe(first.body);
  });

  it('answers catalogue errors with templated params', async () => {
    const response = await createPlant(server, { id: 42, name: 'error' }, scenario);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 40009, message: 'A plant with id 42 already exists' });
    expect(response.headers['x-mock-error']).toBe('DUPLICATE_ID');
  });

  it('answers the document response of a status given alone', async () => {
    const response = await createPlant(server, { id: 1, name: 'status-only' }, scenario);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('error');
  });

  it('marks deliberately off-contract answers', async () => {
    const response = await createPlant(server, { id: 1, name: 'broken' }, scenario);
    expect(response.json()).toEqual({ id: 1 });
    expect(response.headers['x-mock-off-contract']).toBe('SDK must reject a Plant without a name');
  });

  it('plays a sequence: a step repeated, then the next, then the last forever', async () => {
    const names = [];
    for (let i = 0; i < 6; i++) names.push((await createPlant(server, { id: 1, name: 'sequence' }, scenario)).json().name);
    expect(names).toEqual(['first', 'first', 'second', 'forever', 'forever', 'forever']);
  });

  it('keeps state: templates read what the session stored', async () => {
    await createPlant(server, { id: 5, name: 'remember', tag: 'kept' }, scenario);
    expect((await createPlant(server, { id: 6, name: 'recall' }, scenario)).json()).toEqual({ name: 'recalled kept' });
  });

  it('leaves requests no rule matches to the default behaviour', async () => {
    const response = await createPlant(server, { id: 3, name: 'Ficus', tag: 'tree' }, scenario);
    expect(response.json()).toEqual({ name: 'Ficus', tag: 'tree' });
  });

  it('still rejects invalid requests before any scenario', async () => {
    const response = await createPlant(server, { name: 'no id' }, scenario);
    expect(response.statusCode).toBe(400);
    expect(response.headers['x-mock-error']).toBe('INVALID_REQUEST');
  });
});
