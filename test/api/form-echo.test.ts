import { describe, expect, it } from 'vitest';
import { closeServersAfterEach, mockServer } from '../support/servers.js';

closeServersAfterEach();

const spec = new URL('./fixtures/form-echo.yaml', import.meta.url).pathname;

describe('form and multipart bodies echoed', () => {
  it('echo urlencoded fields into the answer, typed as the answer schema says', async () => {
    const server = await mockServer({ spec });
    const response = await server.inject({
      method: 'POST',
      url: '/things',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=Jane&email=a%40b.com&age=41&tags=a&tags=b',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ id: 'thing_1', name: 'Jane', email: 'a@b.com', age: 41, tags: ['a', 'b'] });
  });

  it('echo multipart text parts, never a file part', async () => {
    const server = await mockServer({ spec });
    const part = (name: string, value: string, filename = '') =>
      `--b\r\nContent-Disposition: form-data; name="${name}"${filename && `; filename="${filename}"`}\r\n\r\n${value}\r\n`;
    const response = await server.inject({
      method: 'POST',
      url: '/things',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
      payload: `${part('name', 'Fern')}${part('age', '3')}${part('file', 'bytes', 'a.bin')}--b--\r\n`,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ id: 'thing_1', name: 'Fern', age: 3 });
  });
});
