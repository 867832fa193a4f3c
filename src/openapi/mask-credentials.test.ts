import { describe, expect, it } from 'vitest';
import {
  credentialPlaces,
  isSecretField,
  maskBodyText,
  maskCookies,
  maskHeaders,
  maskQuery,
  maskSecret,
  maskSecretQuery,
  maskUrlText,
} from './mask-credentials.js';
import type { MockOperation } from './operation.js';

const places = credentialPlaces([
  {
    apiKeys: [
      { in: 'header', name: 'X-Api-Key' },
      { in: 'query', name: 'api_key' },
      { in: 'cookie', name: 'sid' },
    ],
  } as unknown as MockOperation,
]);

describe('masking credentials', () => {
  it('keeps the scheme and at most the last 4 characters of long secrets', () => {
    expect(maskSecret('Bearer abcdefghijklmnop')).toBe('Bearer ***mnop');
    expect(maskSecret('Bearer short')).toBe('Bearer ***');
    expect(maskSecret('opaque')).toBe('***');
    expect(maskSecret('Basic dXNlcjpodW50ZXIyMjIy')).toBe('Basic ***');
    expect(maskSecret('digest username="u", response="6629fae49393a05397450978507c4ef1"')).toBe('digest ***');
    expect(maskSecret('has space but no scheme at all', false)).toBe('*** all');
  });

  it('masks Authorization, cookies and the API keys the document names, and nothing else', () => {
    const headers = {
      authorization: 'Basic dXNlcjpwYXNzd29yZA==',
      'proxy-authorization': 'Bearer p',
      cookie: 'sid=0123456789abcdef; theme=dark',
      'x-api-key': 'key-0123456789',
      'content-type': 'application/json',
    };
    expect(maskHeaders(headers, places)).toEqual({
      authorization: 'Basic ***',
      'proxy-authorization': 'Bearer ***',
      cookie: 'sid=***cdef; theme=***',
      'x-api-key': '***6789',
      'content-type': 'application/json',
    });
    expect(maskHeaders({ 'set-cookie': ['sid=0123456789abcdef; Path=/; HttpOnly'] }, places)).toEqual({
      'set-cookie': ['sid=***cdef; Path=/; HttpOnly'],
    });
    expect(maskQuery({ api_key: 'query-key-0123456789', page: '2' }, places)).toEqual({ api_key: '***6789', page: '2' });
  });

  it('masks the common API-key and token headers even where no document declares them', () => {
    const undeclared = credentialPlaces([]);
    const headers = {
      'x-api-key': 'key-0123456789',
      'x-auth-token': 'token-abcdefghijkl',
      'x-access-token': 'short',
      'api-key': 'another-key-9876',
      'x-request-id': 'not-a-secret',
    };
    expect(maskHeaders(headers, undeclared)).toEqual({
      'x-api-key': '***6789',
      'x-auth-token': '***ijkl',
      'x-access-token': '***',
      'api-key': '***9876',
      'x-request-id': 'not-a-secret',
    });
  });

  it('returns the same object when there is nothing to mask', () => {
    const headers = { accept: '*/*' };
    expect(maskHeaders(headers, places)).toBe(headers);
    expect(maskCookies('a')).toBe('***');
  });
});

describe('masking secret fields in bodies', () => {
  it('masks the values of JSON members named like secrets, anywhere, and keeps every other byte', () => {
    const body =
      '{"name": "fern", "password":"hunter2", "auth":{"client_secret":"s3cr3t","access_token":"tok-0123456789ABCD"},"apiKey":12345}';
    expect(maskBodyText(body)).toBe(
      '{"name": "fern", "password":"***", "auth":{"client_secret":"***","access_token":"***ABCD"},"apiKey":"***"}',
    );
    expect(maskBodyText('[{"Refresh-Token":"x\\"y"},{"maxTokens":5,"tokenType":"bearer"}]')).toBe(
      '[{"Refresh-Token":"***"},{"maxTokens":5,"tokenType":"bearer"}]',
    );
    expect(maskBodyText('{"pass\\u0077ord":"p"}')).toBe('{"pass\\u0077ord":"***"}');
  });

  it('masks a body cut off by the journal limit and a note that only mentions a secret', () => {
    expect(maskBodyText('{"a":1,"password":"hunter2","b":"ab')).toBe('{"a":1,"password":"***","b":"ab');
    expect(maskBodyText('{"note":"the password is in the vault"}')).toBe('{"note":"the password is in the vault"}');
  });

  it('masks form fields and URL query parameters named like secrets', () => {
    expect(maskBodyText('grant_type=client_credentials&client_id=app&client_secret=s3cr3t')).toBe(
      'grant_type=client_credentials&client_id=app&client_secret=***',
    );
    expect(maskUrlText('http://127.0.0.1:9/hook?id=1&token=abcdefghijklmnop#x')).toBe('http://127.0.0.1:9/hook?id=1&token=***mnop#x');
    expect(maskSecretQuery({ page: '2', access_token: ['abcdefghijklmnop'] })).toEqual({ page: '2', access_token: ['***mnop'] });
  });

  it('masks the password of a URL`s userinfo, up to the authority`s last @, and keeps the rest', () => {
    expect(maskUrlText('http://cbuser:CBPASSWORD@127.0.0.1:9/hook?token=abcdefghijklmnop')).toBe(
      'http://cbuser:***@127.0.0.1:9/hook?token=***mnop',
    );
    expect(maskUrlText('https://u:p@ss@host/x')).toBe('https://u:***@host/x');
    expect(maskUrlText('http://127.0.0.1:9/a@b')).toBe('http://127.0.0.1:9/a@b');
  });

  it('returns the same text when no field is a secret', () => {
    const body = '{"name":"fern","tag":"green"}';
    expect(maskBodyText(body)).toBe(body);
    expect(isSecretField('maxTokens')).toBe(false);
    expect(isSecretField('X-Api-Key')).toBe(true);
  });
});
