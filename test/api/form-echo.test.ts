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

  it('echo form fields into answer fields spelt otherwise, with the fields the server makes', async () => {
    const server = await mockServer({ spec });
    const response = await server.inject({
      method: 'POST',
      url: '/Accounts/AC1/Messages.json',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'To=%2B15558675310&From=%2B15017122661&Body=Hello&StatusCallback=https%3A%2F%2Fexample.com%2Fcb',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      sid: 'SM3ba1c1b0a1f0c1d2e3f4a5b6c7d8e9f0',
      status: 'queued',
      to: '+15558675310',
      from: '+15017122661',
      body: 'Hello',
      status_callback: 'https://example.com/cb',
    });
  });
});
