import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { createDirectBodyCheck, type DirectCheckOperation, prismValidatorOf } from './direct-body-check.js';
import { readPrismOperations } from './load-operations.js';
import { validateAgainstSchema, validators } from './prism-internals.js';
import { forPrismValidation } from './request-schema-repairs.js';

// The operations as Prism reads them (load-operations.test.ts checks that reader against Prism's own).
const getHttpOperationsFromSpec = async (path: string) =>
  (await readPrismOperations(path)).operations as { request?: Record<string, unknown> }[];
const specs = ['../../openapi.yaml', '../../test/hot-path/fixtures/bodies.yaml'].map((p) => fileURLToPath(new URL(p, import.meta.url)));
const contentTypes = [
  'application/json',
  'application/json; charset=utf-8',
  'Application/JSON',
  'application/vnd.things+json',
  'application/x-www-form-urlencoded',
  'text/plain',
  'application/*',
  'not a media type',
];
const bodies: unknown[] = [
  { id: 1, name: 'Monstera', tag: 'x' },
  { id: 1, name: 'Monstera', serial: 'S1' },
  { id: 'one', name: 5 },
  { name: 'Fern' },
  { id: 1.5, name: 'x', tags: ['a', 'b', 'c'], kind: 'c' },
  { other: true },
  { id: 9007199254740991, name: 'big', extra: { nested: [1, 2] } },
  [],
  [1, 2],
  'text',
  42,
  true,
];

describe('the direct body check', () => {
  it('gives exactly the diagnostics of Prism validateInput whenever it answers', async () => {
    let answered = 0;
    for (const spec of specs) {
      for (const raw of await getHttpOperationsFromSpec(spec)) {
        const request = { ...raw.request };
        for (const list of ['headers', 'query', 'path', 'cookie'])
          if (Array.isArray(request[list]) && (request[list] as []).length === 0) delete request[list];
        const operation = forPrismValidation({ ...raw, request }) as unknown as DirectCheckOperation;
        const check = createDirectBodyCheck(operation);
        if (!check) continue;
        for (const contentType of contentTypes) {
          for (const body of bodies) {
            const direct = check(contentType, body);
            if (direct === undefined) continue;
            answered++;
            const headers = { 'content-type': contentType, 'content-length': String(JSON.stringify(body).length) };
            const prism = validators.validateInput({
              resource: operation,
              element: { method: 'post', url: { path: '/', query: {} }, headers, body },
            });
            expect(direct, `${spec} ${contentType} ${JSON.stringify(body)}`).toEqual(prism._tag === 'Left' ? prism.left : []);
          }
        }
      }
    }
    expect(answered).toBeGreaterThan(50);
  });

  it('keeps the validator Prism compiles for a schema, which judges bodies as Prism does', () => {
    const schema = {
      type: 'object',
      required: ['id'],
      properties: { id: { type: 'integer', format: 'int64' }, at: { type: 'string', format: 'date-time' } },
    };
    const bundle = {};
    const validate = prismValidatorOf(schema, bundle);
    expect(validate).toBeTypeOf('function');
    for (const body of [{ id: 1 }, { id: 1, at: '2026-11-21T19:00:00Z' }, { id: 1, at: 'yesterday' }, { id: 'x' }, {}, [], 'x']) {
      const prism = validateAgainstSchema(body, schema, false, 0, 'body', bundle);
      expect(validate?.(body), JSON.stringify(body)).toBe(prism._tag === 'None');
    }
  });

  it("turns a rejected body's validator errors into exactly the diagnostics of Prism's schema check", () => {
    const schema = {
      type: 'object',
      required: ['id', 'name'],
      additionalProperties: false,
      properties: {
        id: { type: 'integer', format: 'int64', minimum: 1 },
        name: { type: 'string', minLength: 2, pattern: '^[A-Z]' },
        kind: { enum: ['tree', 'fern'] },
        at: { type: 'string', format: 'date-time' },
        mail: { type: 'string', format: 'email' },
        tags: { type: 'array', maxItems: 2, uniqueItems: true, items: { type: 'string' } },
        owner: {
          type: 'object',
          required: ['ref'],
          properties: { ref: { oneOf: [{ type: 'integer' }, { type: 'string', maxLength: 3 }] } },
        },
      },
    };
    const check = createDirectBodyCheck({ request: { body: { contents: [{ mediaType: 'application/json', schema }] } } });
    const values: Record<string, unknown[]> = {
      id: [undefined, 1, 0, -3, 1.5, 'one', null, [], {}],
      name: [undefined, 'Fern', 'f', 'fern', 5, null, ['x']],
      kind: [undefined, 'tree', 'rock', 3],
      at: [undefined, '2026-11-27T23:00:00Z', 'yesterday', 7],
      mail: [undefined, 'a@b.example', 'not mail'],
      tags: [undefined, ['a'], ['a', 'a'], ['a', 'b', 'c'], [1], 'a'],
      owner: [undefined, { ref: 1 }, { ref: 'long' }, {}, { ref: true }, 'x'],
      extra: [undefined, 1],
    };
    let rejected = 0;
    // Each property's values in turn over a rotating base, so errors combine across properties.
    for (let i = 0; i < 400; i++) {
      const body: Record<string, unknown> = {};
      let k = i;
      for (const [key, options] of Object.entries(values)) {
        const value = options[k % options.length];
        k = Math.floor(k / options.length) + i;
        if (value !== undefined) body[key] = value;
      }
      const direct = check?.('application/json', body);
      const prism = validateAgainstSchema(body, schema, false, 0, 'body', undefined);
      expect(direct, JSON.stringify(body)).toEqual(prism._tag === 'Some' ? prism.value : []);
      if (prism._tag === 'Some') rejected++;
    }
    expect(rejected).toBeGreaterThan(300);
  });

  it('gives bodies that break the schema the same way one frozen list of diagnostics, and others their own', () => {
    const schema = {
      type: 'object',
      required: ['id'],
      additionalProperties: false,
      properties: { id: { type: 'integer' }, kind: { oneOf: [{ enum: ['tree'] }, { enum: ['rock'] }] } },
    };
    const check = createDirectBodyCheck({ request: { body: { contents: [{ mediaType: 'application/json', schema }] } } });
    const first = check?.('application/json', { id: 'one' });
    expect(check?.('application/json', { id: 'two' })).toBe(first);
    expect(Object.isFrozen(first) && Object.isFrozen(first?.[0]) && Object.isFrozen(first?.[0]?.path)).toBe(true);
    for (const body of [{ id: 1, kind: 'rock' }, { id: 1, kind: 'x' }, { id: 1, a: 1 }, { id: 1, b: 1 }, { id: 1, b: 2 }, { id: 1.5 }]) {
      const prism = validateAgainstSchema(body, schema, false, 0, 'body', undefined);
      expect(check?.('application/json', body), JSON.stringify(body)).toEqual(prism._tag === 'Some' ? prism.value : []);
    }
    expect(check?.('application/json', { id: 1, b: 2 })).toBe(check?.('application/json', { id: 1, b: 1 }));
    expect(check?.('application/json', { id: 1, a: 2 })).not.toBe(check?.('application/json', { id: 1, b: 1 }));
  });

  it('leaves falsy bodies, unsupported and form media types to the full validator', async () => {
    const [operation] = await getHttpOperationsFromSpec(specs[1] as string);
    const check = createDirectBodyCheck(forPrismValidation(operation ?? {}) as unknown as DirectCheckOperation);
    expect(check?.('application/json', 0)).toBeUndefined();
    expect(check?.('application/json', null)).toBeUndefined();
    expect(check?.('text/plain', { name: 'x' })).toBeUndefined();
    expect(check?.('application/x-www-form-urlencoded', 'name=x')).toBeUndefined();
  });
});

describe('the rejections the direct body check remembers', () => {
  it('are bounded in characters per operation, whatever Content-Types and property names a client invents', () => {
    const schema = { type: 'object', additionalProperties: false, properties: { id: { type: 'integer' } } };
    const check = createDirectBodyCheck({ request: { body: { contents: [{ mediaType: 'application/json', schema }] } } });
    const remembered = new Set<readonly unknown[]>();
    let characters = 0;
    // 64 Content-Types of one media type, each with 32 ways of breaking the schema of ~4,000 characters.
    for (let type = 0; type < 64; type++) {
      for (let way = 0; way < 32; way++) {
        const name = `${type}-${way}-`.padEnd(4000, 'x');
        const diagnostics = check?.(`application/json; x=${type}`, { [name]: 1 });
        expect(diagnostics?.[0]?.message).toContain(name);
        if (diagnostics === undefined || !Object.isFrozen(diagnostics) || remembered.has(diagnostics)) continue;
        remembered.add(diagnostics);
        for (const diagnostic of diagnostics) characters += diagnostic.message.length;
      }
    }
    // Unbounded, this kept 2,048 keys and lists of some 4,000 characters each (over 16 million in all).
    expect(characters).toBeLessThan(256 * 1024);
    expect(remembered.size).toBeGreaterThan(0);
  });
});

describe('the schemas the direct body check compiles', () => {
  it('are compiled once per content, whatever Content-Types a client invents', () => {
    const schema = { type: 'object', properties: { id: { type: 'integer' } } };
    const check = createDirectBodyCheck({ request: { body: { contents: [{ mediaType: 'application/json', schema }] } } });
    const core = Object.getPrototypeOf(Object.getPrototypeOf(new Ajv())) as { compile: (...args: unknown[]) => unknown };
    const compile = core.compile;
    let compiled = 0;
    core.compile = function (this: unknown, ...args: unknown[]) {
      compiled++;
      return compile.apply(this, args);
    };
    try {
      // Past the 64 Content-Types remembered, each new one compiled the schema again, and Ajv keeps every
      // schema it compiles: a client sending random parameters grew the process by one validator a request.
      for (let i = 0; i < 200; i++) expect(check?.(`application/json; v=${i}`, { id: 'x' })).toHaveLength(1);
    } finally {
      core.compile = compile;
    }
    expect(compiled).toBeLessThanOrEqual(1);
  });
});
