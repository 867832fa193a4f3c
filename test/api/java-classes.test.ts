import { describe, expect, it } from 'vitest';
import { ajvJudge } from '../corpus/independent/ajv-judge.js';
import { closeServersAfterEach, mockServer } from '../support/servers.js';

closeServersAfterEach();

const spec = new URL('./fixtures/java-classes.yaml', import.meta.url).pathname;
const json = { 'content-type': 'application/json' };
const guid = '0f1e2d3c-4b5a-6978-8a9b-aCbDcEdFeF00';
/** The GUID pattern as Java reads it, written by hand. */
const javaGuid = /^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/;

describe("patterns with Java's character classes (AWS's \\p{XDigit} GUIDs)", () => {
  it('answer strings Java would match, static and generated', async () => {
    const server = await mockServer({ spec });
    const judge = ajvJudge(spec);
    for (const prefer of [undefined, 'dynamic=true', 'dynamic=true, seed=7']) {
      const response = await server.inject({ url: `/changes/${guid}`, headers: prefer ? { prefer } : {} });
      expect(response.statusCode, prefer).toBe(200);
      const body = response.json();
      expect(judge('/changes/{ChangeId}', 'get', 200, 'application/json', body), prefer).toEqual([]);
      expect(body.ChangeId, prefer).toMatch(javaGuid);
      expect(body.Code, prefer).toMatch(/^[A-Z0-9_]+$/);
      expect(body.Name, prefer).toMatch(/^[A-Za-z_][-A-Za-z0-9_:.]*$/);
    }
  });

  it('accept a request carrying a real GUID and refuse one that is none', async () => {
    const server = await mockServer({ spec });
    expect((await server.inject({ url: `/changes/${guid}?code=AB_1` })).statusCode).toBe(200);
    const wrongPath = await server.inject({ url: '/changes/zzz' });
    expect(wrongPath.statusCode).toBe(400);
    expect(wrongPath.json().message).toContain('must match pattern');
    // The literal reading of the pattern (`p{XDigit}...`) is no GUID either.
    expect((await server.inject({ url: `/changes/${'pXDigit}{8}'.padEnd(36, 'p')}` })).statusCode).toBe(400);
    expect((await server.inject({ url: `/changes/${guid}?code=ab` })).statusCode).toBe(400);
    const change = { ChangeId: guid, Code: 'A1', Name: 'fern-1:a.b', Note: 'tab\u00e9' };
    const send = (body: object) => server.inject({ method: 'POST', url: '/changes', headers: json, payload: JSON.stringify(body) });
    expect((await send(change)).statusCode).toBe(201);
    for (const wrong of [{ ChangeId: 'zzz' }, { Name: 'é' }, { Name: '1fern' }, { Note: 'a\u0007' }]) {
      expect((await send({ ...change, ...wrong })).statusCode, JSON.stringify(wrong)).toBe(400);
    }
  });

  it('name none of these patterns as checked loosely or not at all', async () => {
    const server = await mockServer({ spec });
    const view = (await server.inject({ url: '/__mock/document' })).json();
    expect(JSON.stringify(view)).not.toMatch(/XDigit|Cntrl|Alnum/);
  });
});
