import { describe, expect, it } from 'vitest';
import { type ExpressionContext, evaluateTemplate, parseTemplate } from './runtime-expression.js';

const context: ExpressionContext = {
  url: 'http://mock/orders?x=1',
  method: 'POST',
  statusCode: 201,
  request: {
    header: (name) => (name.toLowerCase() === 'x-return' ? 'http://127.0.0.1:9/h' : undefined),
    query: (name) => (name === 'cb' ? 'http://127.0.0.1:9/q' : undefined),
    path: (name) => (name === 'id' ? '42' : undefined),
    body: { callbackUrl: 'http://127.0.0.1:9/b', 'a/b': { '~c': 'odd' } },
  },
  response: { header: () => undefined, query: () => undefined, path: () => undefined, body: { id: 'order-1' } },
};

function evaluated(template: string): string | undefined {
  const parsed = parseTemplate(template);
  if ('error' in parsed) throw new Error(parsed.error);
  return evaluateTemplate(parsed.parts, context);
}

describe('runtime expressions', () => {
  it('read the request body, query, header and path, and the response body', () => {
    expect(evaluated('{$request.body#/callbackUrl}')).toBe('http://127.0.0.1:9/b');
    expect(evaluated('{$request.query.cb}/done')).toBe('http://127.0.0.1:9/q/done');
    expect(evaluated('{$request.header.X-Return}')).toBe('http://127.0.0.1:9/h');
    expect(evaluated('http://127.0.0.1:9/orders/{$request.path.id}/{$response.body#/id}?s={$statusCode}&m={$method}')).toBe(
      'http://127.0.0.1:9/orders/42/order-1?s=201&m=POST',
    );
    expect(evaluated('$request.body#/a~1b/~0c')).toBe('odd');
  });

  it('give nothing for what the exchange lacks, never what the prototype has', () => {
    expect(evaluated('{$request.body#/missing}')).toBeUndefined();
    expect(evaluated('{$request.body#/__proto__}')).toBeUndefined();
    expect(evaluated('{$request.query.other}')).toBeUndefined();
  });

  it('say why a key is no runtime expression', () => {
    expect(parseTemplate('{$request.bogus}')).toEqual({ error: expect.stringContaining('is not a runtime expression') });
    expect(parseTemplate('{$request.body#/a')).toEqual({ error: expect.stringContaining('never closed') });
    expect(parseTemplate('{$request.header.}')).toEqual({ error: expect.stringContaining('names no header') });
    expect(parseTemplate('{$response.path.id}')).toEqual({ error: expect.stringContaining('no path parameters') });
  });
});
