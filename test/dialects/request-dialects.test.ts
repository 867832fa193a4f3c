import { describe, expect, it } from 'vitest';
import type { MockServer, MockServerOptions } from '../../src/index.js';
import { closeServersAfterEach, mockServer } from '../support/servers.js';

closeServersAfterEach();

const SPEC = new URL('./fixtures/dialects.yaml', import.meta.url).pathname;
const FORM = 'application/x-www-form-urlencoded';

async function server(options: MockServerOptions = {}): Promise<MockServer> {
  return mockServer({ spec: SPEC, ...options });
}

async function get(mock: MockServer, url: string) {
  const response = await mock.inject({ method: 'GET', url });
  return { status: response.statusCode, message: String(response.json().message ?? '') };
}

async function post(mock: MockServer, url: string, contentType: string, payload: string) {
  const response = await mock.inject({ method: 'POST', url, headers: { 'content-type': contentType }, payload });
  return { status: response.statusCode, message: String(response.json().message ?? '') };
}

function multipart(fields: readonly (readonly [string, string])[]): string {
  return `${fields.map(([name, value]) => `--B\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`).join('')}--B--\r\n`;
}

describe('query arrays and objects in clients’ dialects', () => {
  it.each([
    ['/usage?group_by[]=model&group_by[]=project_id', 200],
    ['/usage?group_by[0]=model&group_by[1]=project_id', 200],
    ['/usage?ids[]=1&ids[]=2', 200],
    ['/usage?filter.level=high', 200],
    ['/usage?page[size]=3', 200],
    ['/usage?page.size=3', 200],
  ])('reads %s', async (url, status) => {
    expect((await get(await server(), url)).status).toBe(status);
  });

  it.each([
    ['/usage?group_by[]=bogus', 'query.group_by.0 must be equal to one of the allowed values'],
    ['/usage?group_by[0]=model&group_by[1]=bogus', 'query.group_by.1 must be equal to one of the allowed values'],
    ['/usage?ids[]=x', 'query.ids.0 must be integer'],
    ['/usage?filter.level=bogus', 'query.filter.level must be equal to one of the allowed values'],
    ['/usage?page.size=x', 'query.page.size must be integer'],
  ])('checks %s against the schema like any other value', async (url, message) => {
    const answer = await get(await server(), url);
    expect(answer.status).toBe(400);
    expect(answer.message).toContain(message);
  });

  it('reads a comma list as the document’s style says, or as --query-array-format says', async () => {
    expect((await get(await server(), '/usage?group_by=model,project_id')).status).toBe(400);
    const comma = await server({ queryArrayFormat: 'comma' });
    expect((await get(comma, '/usage?group_by=model,project_id')).status).toBe(200);
    expect((await get(comma, '/usage?group_by=model,bogus')).message).toContain('query.group_by.1');
  });

  it('reads only the spelling an explicit format names', async () => {
    const brackets = await server({ queryArrayFormat: 'brackets', queryObjectFormat: 'dots' });
    expect((await get(brackets, '/usage?group_by[]=bogus')).status).toBe(400);
    // Indices are not this server's spelling: the pair is no parameter's, as any unknown pair.
    expect((await get(brackets, '/usage?group_by[0]=bogus')).status).toBe(200);
    expect((await get(brackets, '/usage?page.size=x')).status).toBe(400);
  });
});

describe('form and multipart fields in clients’ dialects', () => {
  it.each([
    [FORM, 'purpose=batch&include[]=usage&include[]=logs&expires_after[anchor]=created_at&expires_after[seconds]=3600'],
    [FORM, 'purpose=batch&include[0]=usage&expires_after.anchor=created_at&expires_after.seconds=5'],
    [
      'multipart/form-data; boundary=B',
      multipart([
        ['purpose', 'batch'],
        ['include[]', 'usage'],
        ['expires_after[anchor]', 'created_at'],
        ['expires_after[seconds]', '60'],
      ]),
    ],
  ])('reads declared fields sent as %s', async (contentType, body) => {
    expect(await post(await server(), '/files', contentType, body)).toEqual({ status: 200, message: '' });
  });

  it.each([
    [FORM, 'purpose=batch&include[]=bogus', 'body.include.0 must be equal to one of the allowed values'],
    [FORM, 'purpose=batch&expires_after[anchor]=created_at&expires_after[seconds]=x', 'body.expires_after.seconds must be integer'],
    [
      'multipart/form-data; boundary=B',
      multipart([
        ['purpose', 'batch'],
        ['include[]', 'nope'],
      ]),
      'body.include.0 must be equal',
    ],
    [
      'multipart/form-data; boundary=B',
      multipart([
        ['purpose', 'batch'],
        ['expires_after[anchor]', 'created_at'],
        ['expires_after[seconds]', 'x'],
      ]),
      'body.expires_after.seconds must be integer',
    ],
  ])('checks %s fields against the schema', async (contentType, body, message) => {
    const answer = await post(await server(), '/files', contentType, body);
    expect(answer.status).toBe(400);
    expect(answer.message).toContain(message);
  });

  it.each([
    'mode=payment&payment_method_types[]=card&line_items[0][price]=price_1&line_items[0][quantity]=2&metadata[order]=7',
    'payment_method_types[0]=card&payment_method_types[1]=sepa_debit',
    'payment_method_types=card&payment_method_types=sepa_debit',
    'metadata=',
  ])('takes a Stripe-style form body: %s', async (body) => {
    expect((await post(await server(), '/checkout', FORM, body)).status).toBe(200);
  });

  it.each([
    ['payment_method_types[0]=visa', 'body.payment_method_types.0 must be equal to one of the allowed values'],
    ['line_items[0][quantity]=two', 'body.line_items.0.quantity must be integer'],
    ['line_items[0][bogus]=1', "body.line_items.0 must NOT have additional properties; found 'bogus'"],
  ])('refuses a Stripe-style form body that breaks the schema: %s', async (body, message) => {
    const answer = await post(await server(), '/checkout', FORM, body);
    expect(answer.status).toBe(400);
    expect(answer.message).toContain(message);
  });

  it('reads a form array as --form-array-format says', async () => {
    const comma = await server({ formArrayFormat: 'comma' });
    expect((await post(comma, '/files', FORM, 'purpose=batch&include=usage,logs')).status).toBe(200);
    expect((await post(comma, '/files', FORM, 'purpose=batch&include=usage,bogus')).message).toContain('body.include.1');
  });
});
