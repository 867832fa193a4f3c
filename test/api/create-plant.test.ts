import { describe, expect, it } from 'vitest';
import { contractErrors } from '../support/contract.js';
import { AUTH, closeServersAfterEach, JSON_BODY, mockServer, postPlant } from '../support/servers.js';

closeServersAfterEach();

describe('POST /plants with a valid request', () => {
  it('answers 200 with a Plant that echoes name and tag', async () => {
    const server = await mockServer();
    const response = await postPlant(server, '{"id": 7, "name": "Ficus lyrata", "tag": "tree"}');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ name: 'Ficus lyrata', tag: 'tree' });
    expect(contractErrors('Plant', response.json())).toBeUndefined();
  });

  it('leaves the tag key out when none was sent, and never answers an id', async () => {
    const server = await mockServer();
    const response = await postPlant(server, '{"id": 7, "name": "Boston fern"}');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('{"name":"Boston fern"}');
  });

  it('accepts application/json with a charset parameter', async () => {
    const server = await mockServer();
    const response = await postPlant(server, '{"id": 1, "name": "Aloe vera"}', {
      ...AUTH,
      'content-type': 'application/json; charset=utf-8',
    });
    expect(response.statusCode).toBe(200);
  });

  it('does not echo extra fields the Plant schema does not have', async () => {
    const server = await mockServer();
    const response = await postPlant(server, '{"id": 1, "name": "Aloe vera", "price": 3}');
    expect(response.json()).toEqual({ name: 'Aloe vera' });
  });

  it('keeps non-ASCII names intact', async () => {
    const server = await mockServer();
    const response = await postPlant(server, JSON.stringify({ id: 1, name: 'Glücksfeder 🌿', tag: 'Zimmerpflanze' }));
    expect(response.json()).toEqual({ name: 'Glücksfeder 🌿', tag: 'Zimmerpflanze' });
  });

  it('answers the health check under /__mock/', async () => {
    const server = await mockServer();
    const response = await server.inject('/__mock/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', spec: 'Plant Store', version: '1.0.0' });
  });

  it('serves real HTTP after listen() on a free port', async () => {
    const server = await mockServer();
    const url = await server.listen();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.url).toBe(url);
    const response = await fetch(`${url}/plants`, { method: 'POST', headers: JSON_BODY, body: '{"id":1,"name":"Olea europaea"}' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ name: 'Olea europaea' });
  });
});
