import { describe, expect, it } from 'vitest';
import { closeServersAfterEach, mockServer } from '../support/servers.js';

closeServersAfterEach();

const spec = new URL('./fixtures/media-both-ways.yaml', import.meta.url).pathname;
const xml = { 'content-type': 'application/xml' };

describe('media types both ways', () => {
  it('reads an XML request body after the schema and validates it', async () => {
    const server = await mockServer({ spec });
    const payload = '<?xml version="1.0"?><pet id="3"><name>Rex</name><tags><tag>a</tag><tag>b</tag></tags></pet>';
    const created = await server.inject({ method: 'POST', url: '/pet', headers: xml, payload });
    expect(created.statusCode).toBe(201);
    expect(created.body).toContain('<pet id="3"><name>Rex</name></pet>');
    const missing = await server.inject({ method: 'POST', url: '/pet', headers: xml, payload: '<pet><name>Rex</name></pet>' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('body.id is required');
    const wrong = await server.inject({ method: 'POST', url: '/pet', headers: xml, payload: '<pet id="x"/>' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toContain('must be integer');
  });

  it('reads elements the schema does not name as its additionalProperties says, whatever their names', async () => {
    const server = await mockServer({ spec });
    const post = (payload: string) => server.inject({ method: 'POST', url: '/pet', headers: xml, payload });
    expect((await post('<pet id="3"><features><LPT1>true</LPT1><flip>false</flip></features></pet>')).statusCode).toBe(201);
    const wrong = await post('<pet id="3"><features><LPT1>maybe</LPT1></features></pet>');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toContain('features.LPT1 must be boolean');
    // Names JavaScript objects hold themselves are names like any other to an XML reader.
    for (const name of ['__proto__', 'constructor', 'toString', 'prototype'])
      expect((await post(`<pet id="3"><${name}>1</${name}><features><${name}>true</${name}></features></pet>`)).statusCode, name).toBe(201);
    expect((await post('<pet id="3"><features><__proto__>x</__proto__></features></pet>')).statusCode).toBe(400);
  });

  it('judges the whole text of an XML body whose schema is a string', async () => {
    const server = await mockServer({ spec });
    const put = (payload: string) => server.inject({ method: 'PUT', url: '/files', headers: xml, payload });
    expect((await put('name=fern')).statusCode).toBe(200);
    expect((await put('<a><b>1</b></a>')).statusCode).toBe(200);
    expect((await put('<a>a text too long for it</a>')).statusCode).toBe(400);
  });

  it('refuses malformed XML and document type declarations, expanding no entity', async () => {
    const server = await mockServer({ spec });
    const malformed = await server.inject({ method: 'POST', url: '/pet', headers: xml, payload: '<pet id="1"><name>Rex</pet>' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toContain('not well-formed XML');
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE lol [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]><pet id="1"><name>&lol2;</name></pet>';
    const dtd = await server.inject({ method: 'POST', url: '/pet', headers: xml, payload: laughs });
    expect(dtd.statusCode).toBe(400);
    expect(dtd.json().message).toContain('DTDs');
    const entity = await server.inject({ method: 'POST', url: '/pet', headers: xml, payload: '<pet id="1"><name>&amp;x</name></pet>' });
    expect(entity.statusCode).toBe(201);
  });

  it('answers a type it can only approximate rather than 406 when Accept allows it', async () => {
    const server = await mockServer({ spec });
    const jose = await server.inject({ url: '/jose' });
    expect(jose.statusCode).toBe(200);
    expect(jose.headers['content-type']).toBe('application/jose');
    expect(Object.keys(JSON.parse(jose.body))).toEqual(['a']);
    expect((await server.inject({ url: '/jose', headers: { accept: 'application/jose' } })).statusCode).toBe(200);
    // A real service ignoring the Accept answers its type; --strict-accept holds to 406.
    expect((await server.inject({ url: '/jose', headers: { accept: 'application/json' } })).headers['content-type']).toBe(
      'application/jose',
    );
    const strict = await mockServer({ spec, strictAccept: true });
    expect((await strict.inject({ url: '/jose', headers: { accept: 'application/json' } })).statusCode).toBe(406);
    const form = await server.inject({ url: '/form' });
    expect(form.statusCode).toBe(200);
    expect(form.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(form.body).toContain('Content-Disposition: form-data; name="b"\r\nContent-Type: application/json');
  });
});
