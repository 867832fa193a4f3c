import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { DataGenerator } from './data-generator.js';
import { exclusiveOneOf } from './exclusive-one-of.js';

/** Three results none of which requires what tells it apart (lgtm.com's `task-result`). */
const overlapping = {
  type: 'object',
  properties: {
    result: { oneOf: [{ $ref: '#/__bundled__/analysis' }, { $ref: '#/__bundled__/review' }, { $ref: '#/__bundled__/job' }] },
  },
  __bundled__: {
    analysis: {
      type: 'object',
      example: { id: 'a1', languages: [{ alerts: 3, language: 'java' }] },
      properties: {
        id: { type: 'string' },
        languages: { type: 'array', items: { type: 'object', properties: { alerts: { type: 'integer' }, language: { type: 'string' } } } },
      },
    },
    review: {
      type: 'object',
      properties: {
        id: { type: 'string' },
        languages: { type: 'array', items: { type: 'object', properties: { alerts: { type: 'array' } } } },
        status: { type: 'string', enum: ['pending', 'success'] },
      },
    },
    job: { type: 'object', properties: { id: { type: 'string' }, 'result-url': { type: 'string' }, stats: { type: 'object' } } },
  },
};

/** A list whose items are one of two actions, the second requiring properties it does not list (mailscript.com). */
const actions = {
  type: 'object',
  required: ['list'],
  properties: {
    list: {
      type: 'array',
      items: {
        oneOf: [
          { type: 'object', required: ['id', 'output'], properties: { id: { type: 'string' }, output: { type: 'string' } } },
          {
            type: 'object',
            required: ['id', 'output'],
            properties: { id: { type: 'string' }, output: { type: 'string' }, list: { type: 'array', items: { type: 'string' } } },
          },
        ],
      },
    },
  },
};

function strictJudge(schema: object) {
  return new Ajv({ strict: false }).compile(schema);
}

describe('exclusiveOneOf', () => {
  it('is not made for a schema without oneOf', () => {
    expect(exclusiveOneOf({ type: 'object', properties: { a: { anyOf: [{ type: 'string' }] } } })).toBeUndefined();
  });

  it('makes a static answer of overlapping branches match exactly one', () => {
    const answer = new DataGenerator(1).answer(overlapping);
    expect(strictJudge(overlapping)(answer)).toBe(true);
    // The first branch's own example, told apart from the job by a property only that branch constrains.
    expect(answer).toMatchObject({ result: { languages: [{ alerts: 3 }], 'result-url': null } });
  });

  it('makes generated answers of overlapping branches match exactly one', () => {
    const generator = new DataGenerator(4);
    const judge = strictJudge(overlapping);
    for (let i = 0; i < 20; i += 1) {
      const value = generator.generate(overlapping);
      expect(judge(value), JSON.stringify(value)).toBe(true);
    }
  });

  it('tells list items apart, statically and generated', () => {
    const generator = new DataGenerator(2);
    const judge = strictJudge(actions);
    for (const value of [generator.answer(actions), ...Array.from({ length: 10 }, () => generator.generate(actions))])
      expect(judge(value), JSON.stringify(value)).toBe(true);
  });

  it('leaves out an optional part no value can make exclusive, and keeps a required one as it is', () => {
    const same = { oneOf: [{ type: 'string', enum: ['a', 'b'] }, { type: 'string' }] };
    const optional = { type: 'object', properties: { kind: same, name: { type: 'string', const: 'x' } } };
    expect(new DataGenerator(1).answer(optional)).toEqual({ name: 'x' });
    const items = { type: 'array', minItems: 1, items: same };
    expect(new DataGenerator(1).answer(items)).toEqual(['a']);
  });

  it('leaves a whole value it cannot make exclusive as it is', () => {
    const words = { oneOf: [{ type: 'string' }, { type: 'string', enum: ['x'] }, { type: 'integer' }] };
    expect(exclusiveOneOf(words)?.('x')).toBe('x');
  });
});

describe('exclusiveOneOf under other combinations', () => {
  it('keeps what a oneOf inside an allOf part or an anyOf branch changed', () => {
    const job = { type: 'object', properties: { id: { type: 'string' }, url: { type: 'string' } } };
    const analysis = { type: 'object', properties: { id: { type: 'string' } } };
    for (const schema of [{ allOf: [{ oneOf: [analysis, job] }] }, { anyOf: [{ oneOf: [analysis, job] }, { type: 'string' }] }]) {
      const settled = exclusiveOneOf(schema)?.({ id: 'a' });
      expect(strictJudge(schema)(settled), JSON.stringify(settled)).toBe(true);
    }
  });
});

describe('exclusiveOneOf on hostile schemas', () => {
  it('ends its walk of a part that is an allOf of itself twice', () => {
    const root = {
      oneOf: [
        { type: 'object', required: ['x'] },
        { type: 'object', required: ['y'] },
      ],
      properties: { x: { $ref: '#/$defs/loop' } },
      $defs: { loop: { allOf: [{ $ref: '#/$defs/loop' }, { $ref: '#/$defs/loop' }] } },
    };
    const exclusive = exclusiveOneOf(root);
    const started = performance.now();
    expect(exclusive?.({ x: {} })).toEqual({ x: {} });
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
