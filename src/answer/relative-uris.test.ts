import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../json/json-schema.js';
import type { MockOperation } from '../openapi/operation.js';
import { withRelativeUris } from './relative-uris.js';

const relative = { type: 'string', description: 'The URI of the resource, relative to `https://api.twilio.com`.' };
const call = { type: 'object', properties: { sid: { type: 'string' }, uri: relative } };
const operation = (path: string, url = 'https://api.twilio.com') => ({ path, servers: [{ url }] }) as unknown as MockOperation;

describe('withRelativeUris', () => {
  it('answers the path alone where the server URL cannot parse (a variable left in its port)', () => {
    const body = withRelativeUris(
      { sid: 'CA1', uri: 'x' },
      call,
      { Sid: 'CA1' },
      operation('/Calls/{Sid}', 'https://api.example.com:{port}/v1'),
    );
    expect(body).toEqual({ sid: 'CA1', uri: '/v1/Calls/CA1' });
  });

  it("answers the resource's own path where the document says its uri is relative (Twilio)", () => {
    const body = withRelativeUris(
      { sid: 'CA1', uri: 'https://lorem.example/x' },
      call,
      { AccountSid: 'AC1', Sid: 'CA1' },
      operation('/2010-04-01/Accounts/{AccountSid}/Calls/{Sid}.json'),
    );
    expect(body).toEqual({ sid: 'CA1', uri: '/2010-04-01/Accounts/AC1/Calls/CA1.json' });
  });

  it("gives each record of a list its own path, the list's URL its server's, and no next page", () => {
    const list: JsonSchema = {
      type: 'object',
      properties: {
        calls: { type: 'array', items: { $ref: '#/__bundled__/call' } },
        uri: { type: 'string', format: 'uri' },
        first_page_uri: { type: 'string', format: 'uri' },
        next_page_uri: { type: 'string', format: 'uri', nullable: true },
      },
      __bundled__: { call },
    };
    const body = withRelativeUris(
      { calls: [{ sid: 'CA7', uri: 'x' }], uri: 'x', first_page_uri: 'x', next_page_uri: 'x' },
      list,
      { AccountSid: 'AC1' },
      operation('/2010-04-01/Accounts/{AccountSid}/Calls.json'),
    );
    expect(body).toEqual({
      calls: [{ sid: 'CA7', uri: '/2010-04-01/Accounts/AC1/Calls/CA7.json' }],
      uri: 'https://api.twilio.com/2010-04-01/Accounts/AC1/Calls.json',
      first_page_uri: 'https://api.twilio.com/2010-04-01/Accounts/AC1/Calls.json',
      next_page_uri: null,
    });
  });

  it("keeps a url that may be anything, and a path its pattern refuses; Stripe's list url is its path", () => {
    const webhook = { type: 'object', properties: { url: { type: 'string', format: 'uri' } } };
    expect(withRelativeUris({ url: 'https://me.example/hook' }, webhook, {}, operation('/v1/webhook_endpoints'))).toEqual({
      url: 'https://me.example/hook',
    });
    const stripeList = { type: 'object', properties: { url: { type: 'string', maxLength: 5000, pattern: '^/v1/charges' } } };
    expect(withRelativeUris({ url: 'sed' }, stripeList, {}, operation('/v1/charges', 'https://api.stripe.com/'))).toEqual({
      url: '/v1/charges',
    });
    expect(withRelativeUris({ url: 'sed' }, stripeList, {}, operation('/v1/refunds', 'https://api.stripe.com/'))).toEqual({ url: 'sed' });
  });

  // On a backtracking engine this pattern takes exponential time on the hostile id: the run would never end.
  it("judges a member's pattern against the client's path in linear time", () => {
    const things = { type: 'object', properties: { id: { type: 'string' }, uri: { ...relative, pattern: '^/things/(a+)+$' } } };
    const hostile = `${'a'.repeat(40)}!`;
    const body = withRelativeUris({ id: hostile, uri: 'x' }, things, { id: hostile }, operation('/things/{id}'));
    expect(body).toEqual({ id: hostile, uri: 'x' });
    expect(withRelativeUris({ id: 'aaa', uri: 'x' }, things, { id: 'aaa' }, operation('/things/{id}'))).toEqual({
      id: 'aaa',
      uri: '/things/aaa',
    });
  });
});
