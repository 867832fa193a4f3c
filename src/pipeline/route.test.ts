import { describe, expect, it } from 'vitest';
import type { MockOperation } from '../openapi/operation.js';
import { learn } from './exchange.js';
import { createRouteStage as routeStage } from './route.js';
import type { Exchange } from './types.js';

/** The route stage with what it learned recorded on the exchange, as the pipeline does. */
const createRouteStage = (operations: readonly MockOperation[]) => {
  const stage = routeStage(operations);
  return (exchange: Exchange) => learn(exchange, stage(exchange));
};

const op = (method: string, path: string) => ({ id: `${method} ${path}`, method, path }) as MockOperation;
const route = createRouteStage([
  op('GET', '/items/{id}'),
  op('DELETE', '/items/{id}'),
  op('GET', '/items/latest'),
  op('POST', '/items'),
  op('GET', '/test path'),
  op('GET', '/own-head'),
  op('HEAD', '/own-head'),
]);
const exchange = (method: string, path: string): Exchange => ({ method, path, query: {}, headers: {}, rawBody: undefined, session: {} });

describe('the route stage', () => {
  it('routes path keys that carry a #fragment on the path before it, the first operation winning', () => {
    const aws = createRouteStage([
      op('POST', '/events#x-amz-Client-Context'),
      op('DELETE', '/tags/{arn}#TagKeys'),
      op('POST', '/#X-Amz-Target=Open'),
      op('POST', '/#X-Amz-Target=Close'),
    ]);
    const events = exchange('POST', '/events');
    expect(aws(events)).toEqual([]);
    expect(events.operation?.id).toBe('POST /events#x-amz-Client-Context');
    const tags = exchange('DELETE', '/tags/x');
    expect(aws(tags)).toEqual([]);
    expect(tags.pathParams).toEqual({ arn: 'x' });
    const target = exchange('POST', '/');
    expect(aws(target)).toEqual([]);
    expect(target.operation?.id).toBe('POST /#X-Amz-Target=Open');
  });

  it('reads no twin operation to build the table, and only those its fragment leaves to pick one', () => {
    const read: string[] = [];
    const lazy = (path: string) => {
      const operation = op('POST', path);
      // An operation's body and parameters come from the document on first use: reading them costs.
      for (const part of ['parameters', 'requestBody'])
        Object.defineProperty(operation, part, { get: () => void read.push(`${operation.id} ${part}`) });
      return operation;
    };
    const actions = Array.from({ length: 50 }, (_, i) => lazy(`/#Action=Do${i}`));
    const aws = createRouteStage(actions);
    expect(read).toEqual([]);
    const named = { ...exchange('POST', '/'), query: { Action: 'Do7' }, headers: { 'content-type': 'text/xml' } };
    expect(aws(named)).toEqual([]);
    expect(named.operation?.id).toBe('POST /#Action=Do7');
    expect(read).toEqual([]);
  });

  it('matches literal paths before templates and decodes path parameters', () => {
    const literal = exchange('GET', '/items/latest');
    expect(route(literal)).toEqual([]);
    expect(literal.operation?.id).toBe('GET /items/latest');
    const templated = exchange('GET', '/items/a%20b');
    expect(route(templated)).toEqual([]);
    expect(templated.pathParams).toEqual({ id: 'a b' });
  });

  // GitLab's `PUT .../services/asana` beside `GET`, `DELETE .../services/{service_slug}`: Spring, Rails
  // and Express route by method and path, so `GET .../services/asana` reaches the template.
  it('routes a method the literal path lacks to the template that has it, and lists every match`s methods in Allow', () => {
    const gitlab = createRouteStage([
      op('PUT', '/services/asana'),
      op('GET', '/services/{slug}'),
      op('DELETE', '/services/{slug}'),
      op('POST', '/services/{slug}/trigger'),
    ]);
    const get = exchange('GET', '/services/asana');
    expect(gitlab(get)).toEqual([]);
    expect(get.operation?.id).toBe('GET /services/{slug}');
    expect(get.pathParams).toEqual({ slug: 'asana' });
    const put = exchange('PUT', '/services/asana');
    expect(gitlab(put)).toEqual([]);
    expect(put.operation?.id).toBe('PUT /services/asana');
    const head = exchange('HEAD', '/services/asana');
    expect(gitlab(head)).toEqual([]);
    expect(head.operation?.id).toBe('GET /services/{slug}');
    expect(gitlab(exchange('POST', '/services/asana'))).toMatchObject([{ code: 'method-not-allowed', message: 'DELETE, GET, HEAD, PUT' }]);
    expect(gitlab(exchange('PUT', '/services/other'))).toMatchObject([{ code: 'method-not-allowed', message: 'DELETE, GET, HEAD' }]);
  });

  // Schemathesis counts the template's method declared for the URL only where the values fit its parameters.
  it('leaves a method to the template only where the values fit its path parameters', () => {
    const byId = {
      ...op('DELETE', '/users/{id}'),
      parameters: [{ in: 'path', name: 'id', required: true, schema: { type: 'integer' } }],
    } as unknown as MockOperation;
    const users = createRouteStage([op('GET', '/users/me'), byId]);
    expect(users(exchange('DELETE', '/users/me'))).toMatchObject([{ code: 'method-not-allowed', message: 'GET, HEAD' }]);
    const seven = exchange('DELETE', '/users/7');
    expect(users(seven)).toEqual([]);
    expect(seven.operation?.id).toBe('DELETE /users/{id}');
  });

  it('reports an unknown path and a wrong method with the allowed ones, HEAD where GET is', () => {
    expect(route(exchange('GET', '/nothing'))).toMatchObject([{ code: 'not-found' }]);
    expect(route(exchange('PUT', '/items/1'))).toMatchObject([{ code: 'method-not-allowed', message: 'DELETE, GET, HEAD' }]);
    expect(route(exchange('PUT', '/own-head'))).toMatchObject([{ code: 'method-not-allowed', message: 'GET, HEAD' }]);
    expect(route(exchange('GET', '/items'))).toMatchObject([{ code: 'method-not-allowed', message: 'POST' }]);
  });

  it('does not match a trailing slash or an undecodable parameter', () => {
    expect(route(exchange('POST', '/items/'))).toMatchObject([{ code: 'not-found' }]);
    expect(route(exchange('GET', '/items/%E0%A4%A'))).toMatchObject([{ code: 'not-found' }]);
  });

  it("routes a percent-encoded path to the document's path", () => {
    const spaced = exchange('GET', '/test%20path');
    expect(route(spaced)).toEqual([]);
    expect(spaced.operation?.id).toBe('GET /test path');
  });

  it("answers HEAD with the path's GET, unless the document defines its own HEAD", () => {
    const head = exchange('HEAD', '/items/1');
    expect(route(head)).toEqual([]);
    expect(head.operation?.id).toBe('GET /items/{id}');
    const own = exchange('HEAD', '/own-head');
    expect(route(own)).toEqual([]);
    expect(own.operation?.id).toBe('HEAD /own-head');
    expect(route(exchange('HEAD', '/items'))).toMatchObject([{ code: 'method-not-allowed' }]);
  });

  it('tries the templates under the first segment and those starting with a parameter, most specific first', () => {
    const mixed = createRouteStage([
      op('GET', '/{tenant}/items/{id}'),
      op('GET', '/items/{id}/parts'),
      op('GET', '/repos/{owner}/{repo}'),
      op('GET', '/{tenant}'),
    ]);
    const under = exchange('GET', '/items/7/parts');
    expect(mixed(under)).toEqual([]);
    expect(under.operation?.id).toBe('GET /items/{id}/parts');
    const parameterFirst = exchange('GET', '/items/items/9');
    expect(mixed(parameterFirst)).toEqual([]);
    expect(parameterFirst.pathParams).toEqual({ tenant: 'items', id: '9' });
    const unknownFirst = exchange('GET', '/acme');
    expect(mixed(unknownFirst)).toEqual([]);
    expect(unknownFirst.pathParams).toEqual({ tenant: 'acme' });
    const decoded = exchange('GET', '/rep%6Fs/o/r');
    expect(mixed(decoded)).toEqual([]);
    expect(decoded.operation?.id).toBe('GET /repos/{owner}/{repo}');
  });
});
