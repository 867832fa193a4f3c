import { describe, expect, it } from 'vitest';
import { contractErrors } from '../support/contract.js';
import { AUTH, closeServersAfterEach, JSON_BODY, mockServer, postPlant } from '../support/servers.js';

closeServersAfterEach();

const valid = '{"id": 1, "name": "Aloe vera"}';
const prefer = (value: string) => ({ ...JSON_BODY, prefer: value });

describe('forcing responses, Prism-compatible', () => {
  it('Prefer: code=400 answers a schema-valid Error with a realistic message', async () => {
    const server = await mockServer();
    const response = await postPlant(server, valid, prefer('code=400'));
    expect(response.statusCode).toBe(400);
    expect(contractErrors('Error', response.json())).toBeUndefined();
    expect(response.json().message).toMatch(/^(Invalid request|A plant with id)/);
  });

  it('Prefer: example=NAME answers that example', async () => {
    const server = await mockServer();
    const response = await postPlant(server, valid, prefer('example=snake-plant'));
    expect(response.json()).toEqual({ name: 'Dracaena trifasciata', tag: 'succulent' });
  });

  it('combines code and example', async () => {
    const server = await mockServer();
    const response = await postPlant(server, valid, prefer('code=400, example=duplicate-id'));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 40009, message: 'A plant with id 42 already exists' });
  });

  it('dynamic=true generates realistic, contract-valid plants', async () => {
    const server = await mockServer();
    const names = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const response = await postPlant(server, valid, prefer('dynamic=true'));
      expect(response.statusCode).toBe(200);
      expect(contractErrors('Plant', response.json())).toBeUndefined();
      names.add(response.json().name);
    }
    expect(names.size).toBeGreaterThan(3);
    for (const name of names) expect(name).toMatch(/^[A-Z][a-z]+ [a-z]+$/);
  });

  it('the same seed gives byte-identical bodies, across servers too', async () => {
    const [a, b] = [await mockServer(), await mockServer({ seed: 99 })];
    const first = await postPlant(a, valid, prefer('dynamic=true, seed=42'));
    const second = await postPlant(a, valid, prefer('seed=42,dynamic=true'));
    const third = await postPlant(b, valid, prefer('dynamic=true, seed=42'));
    expect(second.body).toBe(first.body);
    expect(third.body).toBe(first.body);
    const other = await Promise.all([1, 2, 3, 4, 5].map((seed) => postPlant(a, valid, prefer(`dynamic=true, seed=${seed}`))));
    expect(new Set(other.map((r) => r.body)).size).toBeGreaterThan(1);
  });

  it('a server seed makes the sequence of generated bodies reproducible', async () => {
    const run = async () => {
      const server = await mockServer({ seed: 7, dynamic: true });
      const bodies: string[] = [];
      for (let i = 0; i < 5; i++) bodies.push((await postPlant(server, valid)).body);
      return bodies;
    };
    expect(await run()).toEqual(await run());
  });

  it('servers with different seeds do not share generator state', async () => {
    const a = await mockServer({ seed: 1, dynamic: true });
    const reference = await mockServer({ seed: 1, dynamic: true });
    const b = await mockServer({ seed: 2, dynamic: true });
    const fromA: string[] = [];
    const fromReference: string[] = [];
    for (let i = 0; i < 5; i++) {
      fromA.push((await postPlant(a, valid)).body);
      await postPlant(b, valid); // interleaved use of another server must not shift a's sequence
      fromReference.push((await postPlant(reference, valid)).body);
    }
    expect(fromA).toEqual(fromReference);
  });

  it('supports the query fallback __code, __example, __dynamic and __seed', async () => {
    const server = await mockServer();
    expect((await postPlant(server, valid, JSON_BODY, '/plants?__code=400')).statusCode).toBe(400);
    expect((await postPlant(server, valid, JSON_BODY, '/plants?__example=fern')).json()).toEqual({ name: 'Boston fern' });
    const a = await postPlant(server, valid, JSON_BODY, '/plants?__dynamic=true&__seed=5');
    const b = await postPlant(server, valid, JSON_BODY, '/plants?__seed=5&__dynamic=true');
    expect(a.body).toBe(b.body);
  });

  it('lets the Prefer header win over the query, key by key', async () => {
    const server = await mockServer();
    const response = await postPlant(server, valid, prefer('example=fern'), '/plants?__example=monstera&__code=200');
    expect(response.json()).toEqual({ name: 'Boston fern' });
  });

  it('dynamic=false answers the echo even on a --dynamic server', async () => {
    const server = await mockServer({ dynamic: true });
    expect((await postPlant(server, valid, prefer('dynamic=false'))).json()).toEqual({ name: 'Aloe vera' });
  });

  it.each([
    ['code=404', 'defines no response 404'],
    ['code=abc', 'code must be an HTTP status'],
    ['example=nope', 'has no example "nope"'],
    ['code=400, example=monstera', 'has no example "monstera"'],
    ['dynamic=maybe', 'dynamic must be true or false'],
    ['seed=-1', 'seed must be a non-negative integer'],
  ])('answers 422 naming what exists for Prefer: %s', async (value, message) => {
    const server = await mockServer();
    const response = await postPlant(server, valid, prefer(value));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ error: 42201, message: expect.stringContaining(message) });
  });

  it('still checks credentials and body before forcing', async () => {
    const server = await mockServer();
    expect((await postPlant(server, valid, { 'content-type': 'application/json', prefer: 'code=400' })).statusCode).toBe(401);
    expect((await postPlant(server, '{"id": 1}', prefer('code=200'))).statusCode).toBe(400);
    expect((await postPlant(server, '{"id": 1}', prefer('code=200'))).json().message).toContain('body.name is required');
  });

  it('ignores unrelated Prefer preferences', async () => {
    const server = await mockServer();
    const response = await postPlant(server, valid, { ...AUTH, 'content-type': 'application/json', prefer: 'return=minimal' });
    expect(response.json()).toEqual({ name: 'Aloe vera' });
  });
});
