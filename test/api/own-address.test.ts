import { describe, expect, it } from 'vitest';
import { closeServersAfterEach, mockServer } from '../support/servers.js';

closeServersAfterEach();

const spec = new URL('./fixtures/own-address.yaml', import.meta.url).pathname;

describe("links to the document's servers point at the mock", () => {
  it('rewrites the origin of every link to a server, keeping its path, and nothing else', async () => {
    const server = await mockServer({ spec });
    const body = (await server.inject({ url: '/pets', headers: { host: 'localhost:4010' } })).json();
    expect(body).toEqual({
      next: 'http://localhost:4010/v1/pets?page=2',
      docs: 'https://docs.example.org/pets',
      items: [{ self: 'http://localhost:4010/v1/pets/1' }, { self: 'https://api.example.com.evil.test/v1' }],
    });
    const again = (await server.inject({ url: '/v1/pets', headers: { host: '10.0.0.7' } })).json();
    expect(again.next).toBe('http://10.0.0.7/v1/pets?page=2');
  });

  it('keeps the document links where the mock address would break their format', async () => {
    const server = await mockServer({ spec, allowedHosts: ['mock.example.net'] });
    const local = (await server.inject({ url: '/pages', headers: { host: 'localhost:4010' } })).json();
    expect(local).toEqual({ self: 'https://api.example.com/v1/pages?page=1', next: 'https://api.example.com/v1/pages?page=2' });
    const named = (await server.inject({ url: '/pages', headers: { host: 'mock.example.net:4010', 'x-forwarded-proto': 'https' } })).json();
    expect(named).toEqual({ self: 'https://mock.example.net:4010/v1/pages?page=1', next: 'https://mock.example.net:4010/v1/pages?page=2' });
  });

  it('rewrites a link of format url to a loopback address, as url names any absolute URI', async () => {
    const server = await mockServer({ spec });
    const body = (await server.inject({ url: '/home', headers: { host: 'localhost:4010' } })).json();
    expect(body).toEqual({ home: 'http://localhost:4010/v1/home' });
  });

  it('answers an example asked for by name as written', async () => {
    const server = await mockServer({ spec });
    const named = (await server.inject({ url: '/pets', headers: { host: 'localhost', prefer: 'example=default' } })).json();
    expect(named.next).toBe('https://api.example.com/v1/pets?page=2');
  });
});
