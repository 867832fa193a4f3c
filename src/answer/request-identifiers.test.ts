import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../json/json-schema.js';
import { withRequestIdentifiers } from './request-identifiers.js';

const pet: JsonSchema = {
  type: 'object',
  allOf: [{ type: 'object', properties: { id: { type: 'integer' } } }],
  properties: { name: { type: 'string' }, petId: { type: 'string' } },
};

describe('request identifiers in answers', () => {
  it('puts path parameters into the properties of their names, and the last into id, on a copy', () => {
    const body = { id: 1, name: 'Rex', petId: 'x' };
    expect(withRequestIdentifiers(body, pet, { petId: '42' })).toEqual({ id: 1, name: 'Rex', petId: '42' });
    expect(body).toEqual({ id: 1, name: 'Rex', petId: 'x' });
    // The schema's properties are worked out once: a second answer reads the same.
    expect(withRequestIdentifiers({ id: 1 }, pet, { owner: 'ann', key: '7' })).toEqual({ id: 7 });
  });

  it("puts a parameter into the property named as it is but for case and separators (Twilio's {AccountSid}, {Sid})", () => {
    const call: JsonSchema = { type: 'object', properties: { sid: { type: 'string' }, account_sid: { type: 'string' } } };
    expect(
      withRequestIdentifiers(
        { sid: 'x', account_sid: 'y' },
        call,
        { AccountSid: 'AC1', Sid: 'CA1' },
        '/Accounts/{AccountSid}/Calls/{Sid}.json',
      ),
    ).toEqual({
      sid: 'CA1',
      account_sid: 'AC1',
    });
  });

  it('reads no property from Object.prototype for parameters named like its members', () => {
    const body = { name: 'Rex' };
    expect(
      withRequestIdentifiers(body, { type: 'object', properties: { name: { type: 'string' } } }, { constructor: 'c', toString: 't' }),
    ).toBe(body);
  });

  it('leaves properties whose type cannot hold the value as they are', () => {
    const repo: JsonSchema = {
      type: 'object',
      properties: { id: { type: 'integer' }, owner: { type: 'object' }, name: { type: 'string' } },
    };
    const body = { id: 1, owner: { login: 'x' }, name: 'n' };
    expect(withRequestIdentifiers(body, repo, { owner: 'octocat', repo: 'hello' })).toBe(body);
    expect(withRequestIdentifiers(body, repo, { owner: 'octocat', name: 'hello' })).toEqual({ ...body, name: 'hello' });
  });

  it('puts no identifier into a property of an allOf part that additionalProperties beside it refuses', () => {
    const factory: JsonSchema = {
      type: 'object',
      additionalProperties: { type: 'object' },
      allOf: [{ type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' } } }],
      properties: { identity: { type: 'object' } },
    };
    const body = { identity: {} };
    expect(withRequestIdentifiers(body, factory, { factoryName: 'f1' })).toBe(body);
    expect(withRequestIdentifiers(body, { ...factory, additionalProperties: {} }, { factoryName: 'f1' })).toEqual({ ...body, id: 'f1' });
  });

  it('leaves the id of a resource made under a parent path to the resource (POST /users/{user}/playlists)', () => {
    const playlist: JsonSchema = { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' } } };
    const body = { id: 'p1', name: 'Mix' };
    expect(withRequestIdentifiers(body, playlist, { user_id: 'smedjan' }, '/users/{user_id}/playlists')).toBe(body);
    expect(withRequestIdentifiers(body, playlist, { playlist_id: 'x9' }, '/playlists/{playlist_id}')).toEqual({ id: 'x9', name: 'Mix' });
    expect(withRequestIdentifiers(body, playlist, { playlist_id: 'x9' }, '/playlists/{playlist_id}.json')).toEqual({
      id: 'x9',
      name: 'Mix',
    });
  });
});
