import { describe, expect, it } from 'vitest';
import type { MockOperation } from './operation.js';
import { keyQuery, narrowness, toldApart, twinTraits } from './operation-twins.js';

const op = (path: string, extra: Partial<MockOperation> = {}) => ({ id: path, method: 'POST', path, ...extra }) as MockOperation;
const body = (mediaType: string) => ({ required: true, contents: [{ mediaType, schema: undefined, examples: [] }] });
const param = (name: string, schema: Record<string, unknown>) => ({ in: 'path' as const, name, schema, examples: [] });

describe('operation twins', () => {
  it("reads the fragment's name and value, decoded, the name in lower case", () => {
    expect(twinTraits(op('/#X-Amz-Target=Svc.Open'), []).fragment).toEqual({ name: 'x-amz-target', value: 'Svc.Open' });
    expect(twinTraits(op('/tags/{arn}#TagKeys'), ['arn']).fragment).toEqual({ name: 'tagkeys', value: undefined });
    expect(twinTraits(op('/plants'), []).fragment).toBeUndefined();
  });

  it("reads a path key's query part: literal values decoded, {param} values as parameters", () => {
    expect(keyQuery('/combined_submissions?v=2')).toEqual([{ name: 'v', value: '2', param: undefined }]);
    expect(keyQuery('/current?lat={lat}&lon={lon}')).toEqual([
      { name: 'lat', value: undefined, param: 'lat' },
      { name: 'lon', value: undefined, param: 'lon' },
    ]);
    expect(keyQuery('/q?term=a%20b&flag')).toEqual([
      { name: 'term', value: 'a b', param: undefined },
      { name: 'flag', value: undefined, param: undefined },
    ]);
    expect(keyQuery('/plants')).toEqual([]);
    expect(keyQuery('/#Action=a?b')).toEqual([]);
  });

  it("tells twins apart by their keys' query pairs, not by the names of their parameters", () => {
    const traits = (path: string) => twinTraits(op(path), []);
    expect(toldApart(traits('/c?v=2'), traits('/c'))).toBe(true);
    expect(toldApart(traits('/c?v=2'), traits('/c?v=3'))).toBe(true);
    expect(toldApart(traits('/c?lat={lat}'), traits('/c?city={city}'))).toBe(true);
    expect(toldApart(traits('/c?lat={lat}'), traits('/c?lat={latitude}'))).toBe(false);
  });

  it('tells twins apart by fragment, body media types, path parameter schemas or required query parameters, and nothing else', () => {
    const traits = (operation: MockOperation, names: string[] = []) => twinTraits(operation, names);
    expect(toldApart(traits(op('/#A=1')), traits(op('/#A=2')))).toBe(true);
    expect(
      toldApart(
        traits(op('/x', { requestBody: body('application/json') })),
        traits(op('/x#o=s', { requestBody: body('application/json') })),
      ),
    ).toBe(true);
    expect(
      toldApart(
        traits(op('/x', { requestBody: body('application/json') })),
        traits(op('/x', { requestBody: body('application/octet-stream') })),
      ),
    ).toBe(true);
    const uuid = op('/f/{id}', { parameters: [param('id', { type: 'string', format: 'uuid' })] });
    const name = op('/f/{name}', { parameters: [param('name', { type: 'string' })] });
    expect(toldApart(traits(uuid, ['id']), traits(name, ['name']))).toBe(true);
    const query = (name: string, required: boolean) => ({ in: 'query' as const, name, required, schema: undefined, examples: [] });
    const byProject = op('/f/{id}', { parameters: [query('projectId', true), query('page', false)] });
    expect(toldApart(traits(byProject, ['id']), traits(op('/f/{n}', { parameters: [query('filter', true)] }), ['n']))).toBe(true);
    expect(toldApart(traits(byProject, ['id']), traits(op('/f/{n}', { parameters: [query('projectId', true)] }), ['n']))).toBe(false);
    expect(toldApart(traits(name, ['name']), traits(op('/f/{n}', { parameters: [param('n', { type: 'string' })] }), ['n']))).toBe(false);
  });

  it('counts a plain string as the widest schema', () => {
    expect(narrowness({ type: 'string' })).toBe(0);
    expect(narrowness({ type: 'string', format: 'uuid' })).toBe(1);
    expect(narrowness({ type: 'integer', minimum: 1 })).toBe(2);
    expect(narrowness(undefined)).toBe(0);
  });
});
