import { describe, expect, it } from 'vitest';
import { clientFieldNames, echo, planEcho } from './echo.js';

const plan = planEcho({
  allOf: [{ type: 'object', required: ['name'], properties: { name: { type: 'string' }, tag: { type: 'string' } } }],
  properties: { size: { type: 'integer' } },
  required: ['size'],
});

describe('echo', () => {
  it('copies fields the response schema has, in schema order, when their type fits', () => {
    if (!plan) throw new Error('expected a plan');
    expect(echo(plan, { tag: 't', name: 'n', size: 3, id: 9 }, () => ({}))).toEqual({ name: 'n', tag: 't', size: 3 });
  });

  it('fills required fields from the fallback and leaves optional ones out', () => {
    if (!plan) throw new Error('expected a plan');
    expect(echo(plan, { name: 5 }, () => ({ name: 'fallback', tag: 'x', size: 1 }))).toEqual({ name: 'fallback', size: 1 });
  });

  it('gives up where a required field is in neither the request nor the fallback', () => {
    const created = planEcho({ properties: { id: { type: 'string' }, name: { type: 'string' } }, required: ['id'] });
    if (!created) throw new Error('a plan was expected');
    expect(echo(created, { name: 'n' }, () => '["not an object"]')).toBeUndefined();
    expect(echo(created, { name: 'n' }, () => ({ id: 'a1' }))).toEqual({ id: 'a1', name: 'n' });
  });

  it('echoes a required property the schema does not list, held by additionalProperties alone', () => {
    const unlisted = planEcho({ type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok', 'file'] });
    if (!unlisted) throw new Error('expected a plan');
    expect(echo(unlisted, { file: '/tmp/a.wav' }, () => ({ ok: true }))).toEqual({ ok: true, file: '/tmp/a.wav' });
    expect(echo(unlisted, {}, () => ({ ok: true }))).toBeUndefined();
    const closed = planEcho({ type: 'object', properties: { ok: { type: 'boolean' } }, required: ['file'], additionalProperties: false });
    expect(closed?.properties.map((property) => property.name)).toEqual(['ok']);
  });

  it('echoes a value only where the property schema takes it, and never a writeOnly property', () => {
    const checked = planEcho(
      {
        type: 'object',
        properties: { status: { type: 'string', enum: ['Pending', 'Failed'] }, secret: { type: 'string', writeOnly: true } },
        required: ['status'],
      },
      (schema) => (value) => (schema.enum as unknown[]).includes(value),
    );
    if (!checked) throw new Error('expected a plan');
    expect(echo(checked, { status: 'Draft', secret: 's' }, () => ({ status: 'Pending' }))).toEqual({ status: 'Pending' });
    expect(echo(checked, { status: 'Failed' }, () => ({ status: 'Pending' }))).toEqual({ status: 'Failed' });
  });

  it('matches a field spelt otherwise (case, `_`, `-`) where none has the exact name', () => {
    const message = planEcho({ type: 'object', properties: { to: { type: 'string' }, status_callback: { type: 'string' } } });
    if (!message) throw new Error('expected a plan');
    expect(echo(message, { To: '+15558675310', StatusCallback: 'https://example.com/cb' }, () => ({}))).toEqual({
      to: '+15558675310',
      status_callback: 'https://example.com/cb',
    });
    expect(echo(message, { to: 'exact', To: 'loose' }, () => ({}))).toEqual({ to: 'exact' });
  });

  it('fills the optional fields no request can send from the fallback, the server being theirs to make', () => {
    const message = planEcho({
      type: 'object',
      properties: { sid: { type: 'string' }, body: { type: 'string' }, to: { type: 'string' }, status: { type: 'string' } },
    });
    if (!message) throw new Error('expected a plan');
    const fallback = () => ({ sid: 'SM1', body: 'generated', to: '+1', status: 'queued' });
    const sendable = clientFieldNames([{ type: 'object', properties: { Body: { type: 'string' }, To: { type: 'string' } } }]);
    expect(echo(message, { Body: 'Hello' }, fallback, sendable)).toEqual({ sid: 'SM1', body: 'Hello', status: 'queued' });
    expect(echo(message, { Body: 'Hello' }, fallback)).toEqual({ body: 'Hello' });
    expect(clientFieldNames([{ type: 'string' }, undefined])).toBeUndefined();
  });

  it('has no plan for a schema without properties', () => {
    expect(planEcho({ type: 'array' })).toBeUndefined();
  });

  it('has no plan for a schema whose type is not object, even where it lists properties', () => {
    const listed = { name: { type: 'string' } };
    expect(planEcho({ type: 'array', items: { type: 'object', properties: listed }, properties: listed })).toBeUndefined();
    expect(planEcho({ allOf: [{ type: 'array' }], properties: listed })).toBeUndefined();
    expect(planEcho({ type: ['object', 'null'], properties: listed })).toBeDefined();
  });

  it('echoes a property only where every allOf part takes it, additionalProperties included', () => {
    const held = planEcho({
      allOf: [{ type: 'object', properties: { kind: { type: 'string' } }, additionalProperties: { type: 'object' } }],
      properties: { name: { type: 'string' }, settings: { type: 'object' } },
    });
    if (!held) throw new Error('expected a plan');
    expect(echo(held, { kind: 'k', name: 'n', settings: { a: 1 } }, () => ({}))).toEqual({ kind: 'k', settings: { a: 1 } });
    const closed = planEcho({
      allOf: [{ properties: { id: { type: 'string' } }, additionalProperties: false }],
      properties: { name: { type: 'string' } },
    });
    if (!closed) throw new Error('expected a plan');
    expect(echo(closed, { id: 'i', name: 'n' }, () => ({}))).toEqual({ id: 'i' });
  });
});
