import { describe, expect, it } from 'vitest';
import { closeServersAfterEach, mockServer } from '../support/servers.js';

closeServersAfterEach();

const spec = new URL('./fixtures/path-templates.yaml', import.meta.url).pathname;

function capture() {
  const lines: string[] = [];
  return { lines, logStream: { write: (line: string) => lines.push(line) } };
}

describe('every path template routes', () => {
  it('reads parameters mixed with literal text in one segment', async () => {
    const server = await mockServer({ spec });
    expect((await server.inject({ method: 'PUT', url: '/posts/42.json' })).statusCode).toBe(200);
    expect((await server.inject({ method: 'PUT', url: '/posts/x.json' })).statusCode).toBe(400);
    expect((await server.inject({ url: '/posts/42' })).statusCode).toBe(200);
    expect((await server.inject({ url: '/range/3-9' })).statusCode).toBe(204);
    expect((await server.inject({ url: '/range/3-x' })).statusCode).toBe(400);
    expect((await server.inject({ url: '/tiles/12.png' })).statusCode).toBe(204);
    expect((await server.inject({ url: '/tiles/1.2.gif' })).statusCode).toBe(400);
  });

  it('splits parameters that touch where a closed one takes one of its values', async () => {
    const server = await mockServer({ spec });
    expect((await server.inject({ url: '/pages/get-started.json' })).statusCode).toBe(204);
    expect((await server.inject({ url: '/pages/get-started.js' })).statusCode).toBe(204);
    // No value of the enum fits: the split is a guess, and the request is refused for its values.
    expect((await server.inject({ url: '/pages/get-started.xml' })).statusCode).toBe(400);
  });

  it('reads parameters inside parentheses and after ";" and ","', async () => {
    const server = await mockServer({ spec });
    const deleted = await server.inject({ method: 'DELETE', url: '/certificates(thumbprintAlgorithm=sha1,thumbprint=0A1B)' });
    expect(deleted.statusCode).toBe(202);
    expect((await server.inject({ url: '/items;version=3' })).statusCode).toBe(204);
    expect((await server.inject({ url: '/items%3Bversion=3' })).statusCode).toBe(204);
    expect((await server.inject({ url: '/items;version=three' })).statusCode).toBe(400);
  });

  it('reads a "#" followed by more path as a character of the path, not as a fragment', async () => {
    const server = await mockServer({ spec });
    expect((await server.inject({ url: '/send/%23env/partners/p7' })).statusCode).toBe(204);
    expect((await server.inject({ url: '/send/%23env/partners/x' })).statusCode).toBe(400);
  });

  it('hands a parameter its reserved characters decoded', async () => {
    const server = await mockServer({ spec });
    expect((await server.inject({ url: '/files/docs%2Freadme' })).statusCode).toBe(204);
    expect((await server.inject({ url: '/files/docs%2FREADME' })).statusCode).toBe(400);
  });

  it('routes to the most specific template, segment by segment', async () => {
    const server = await mockServer({ spec });
    expect((await server.inject({ url: '/users/me/posts' })).statusCode).toBe(204);
    const both = await server.inject({ url: '/users/me/comments/7' });
    expect(both.statusCode).toBe(204);
    // A template of the same shape under other names still answers its own methods.
    expect((await server.inject({ method: 'DELETE', url: '/users/u1/comments/7' })).statusCode).toBe(204);
    expect((await server.inject({ method: 'DELETE', url: '/users/u1/comments/x' })).statusCode).toBe(400);
  });

  it("routes under the servers' base paths, variables included", async () => {
    const server = await mockServer({ spec });
    expect((await server.inject({ url: '/prod/v2/posts/1' })).statusCode).toBe(200);
    expect((await server.inject({ url: '/beta/v2/range/1-2' })).statusCode).toBe(204);
    expect((await server.inject({ method: 'PUT', url: '/beta/v2/posts/7.json' })).statusCode).toBe(200);
    expect((await server.inject({ url: '/alpha/v2/posts/1' })).statusCode).toBe(404);
  });

  it("reads a path key's query part: its pairs pick the operation, its parameters come from the query", async () => {
    const server = await mockServer({ spec });
    const post = (url: string, body: object) => server.inject({ method: 'POST', url, payload: body });
    expect((await post('/combined?v=2', { sources: [] })).statusCode).toBe(201);
    expect((await post('/combined', { ids: [] })).statusCode).toBe(200);
    expect((await post('/combined?v=2', { ids: [] })).statusCode).toBe(400);
    expect((await server.inject({ url: '/current?lat=51.5&lon=-0.1&units=S' })).statusCode).toBe(200);
    expect((await server.inject({ url: '/current?city_id=7' })).statusCode).toBe(204);
    const invalid = await server.inject({ url: '/current?city_id=x' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toContain('city_id');
    expect((await server.inject({ url: '/current?lat=north&lon=2' })).statusCode).toBe(400);
    expect((await server.inject({ url: '/current?lon=2' })).statusCode).toBe(400);
  });

  it('names at start-up a template it cannot route', async () => {
    const { lines, logStream } = capture();
    await mockServer({ spec, logLevel: 'warn', logStream });
    const warnings = lines.filter((line) => line.includes('unreachable'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('/paths/~1users~1{uid}~1comments~1{cid}');
    expect(warnings[0]).toContain('GET /users/{userId}/comments/{commentId}');
  });
});
