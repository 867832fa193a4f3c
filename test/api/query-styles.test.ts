import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { closeServersAfterEach, mockServer } from '../support/servers.js';

const spec = fileURLToPath(new URL('./fixtures/query-styles.yaml', import.meta.url));

describe('query arrays and objects as OpenAPI 3 writes them', () => {
  closeServersAfterEach();

  it('reads a form array without explode as exploded: the name repeated per item', async () => {
    const server = await mockServer({ spec, logLevel: 'silent' });
    expect((await server.inject('/things?ids=1&ids=2')).statusCode).toBe(200);
    const joined = await server.inject('/things?ids=1,2');
    expect(joined.statusCode).toBe(400);
    expect(joined.body).toContain('query.ids');
    expect((await server.inject('/things?ids=1')).statusCode).toBe(400);
  });

  it('reads the styles a parameter states: explode false joined by commas, pipeDelimited by pipes', async () => {
    const server = await mockServer({ spec, logLevel: 'silent' });
    expect((await server.inject('/things?ids=1&ids=2&tags=a,b&sizes=3|4')).statusCode).toBe(200);
    expect((await server.inject('/things?ids=1&ids=2&tags=a,c')).statusCode).toBe(400);
  });

  it('reads an object in the default form style from its properties, each a pair of its own', async () => {
    const server = await mockServer({ spec, logLevel: 'silent' });
    expect((await server.inject('/buckets?S3Bucket=b&S3Key=k')).statusCode).toBe(200);
    const missing = await server.inject('/buckets');
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('query.Bundle');
    // Unexploded text is no object's properties.
    expect((await server.inject('/buckets?Bundle=S3Bucket,b')).statusCode).toBe(400);
  });

  it('reads a map in the default form style from the pairs no parameter or credential names', async () => {
    const server = await mockServer({ spec, logLevel: 'silent' });
    expect((await server.inject('/applications?Name=n&Platform=GCM&Cert=abc&api_key=long-key')).statusCode).toBe(200);
    const missing = await server.inject('/applications?Name=n&api_key=long-key');
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('query.Attributes');
    expect((await server.inject('/applications?Name=n&Cert=abcd&api_key=k')).statusCode).toBe(400);
    expect((await server.inject('/applications?Name=n&Cert=abc&api_key=k&__seed=12345')).statusCode).toBe(200);
  });

  it("leaves a deepObject parameter's pairs out of a map", async () => {
    const server = await mockServer({ spec, logLevel: 'silent' });
    expect((await server.inject('/applications?Name=n&Cert=abc&api_key=k&filter[id]=a-long-id')).statusCode).toBe(200);
    expect((await server.inject('/applications?Name=n&Cert=abc&api_key=k&other[id]=a-long-id')).statusCode).toBe(400);
  });

  it('checks an optional exploded object only when one of its properties is sent, coerced to its types', async () => {
    const server = await mockServer({ spec, logLevel: 'silent' });
    expect((await server.inject('/buckets?S3Bucket=b&kind=tree&size=3')).statusCode).toBe(200);
    const wrong = await server.inject('/buckets?S3Bucket=b&size=30');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('kind');
    expect(wrong.body).toContain('size');
  });

  it('reads an exploded object property named like one every object inherits only when the query has it', async () => {
    const server = await mockServer({ spec, logLevel: 'silent' });
    expect((await server.inject('/owners?name=ann')).statusCode).toBe(200);
    expect((await server.inject('/owners?constructor=c&toString=abc')).statusCode).toBe(200);
    const wrong = await server.inject('/owners?toString=abcd');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('toString');
  });

  it('checks an optional deepObject only when one of its name[key] pairs is sent', async () => {
    const server = await mockServer({ spec, logLevel: 'silent' });
    expect((await server.inject('/leagues')).statusCode).toBe(200);
    expect((await server.inject('/leagues?filter[name]=Masters&page[size]=5')).statusCode).toBe(200);
    for (const ids of ['filter[id]=1&filter[id]=2', 'filter[id][]=1&filter[id][]=2', 'filter[id][0]=1&filter[id][1]=2'])
      expect((await server.inject(`/leagues?${ids}`)).statusCode, ids).toBe(200);
    expect((await server.inject('/leagues?filter[id][]=one')).statusCode).toBe(400);
    const wrong = await server.inject('/leagues?filter[name]=M&page[other]=1');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('filter.name');
    expect(wrong.body).toContain('page');
  });

  it("refuses a deepObject key its schema's additionalProperties: false does not list (apideck's filter)", async () => {
    const server = await mockServer({ spec, logLevel: 'silent' });
    for (const query of ['filter[name]=Masters&filter[colour]=red', 'filter[name]=Masters&filter[colour][deep]=red'])
      expect((await server.inject(`/leagues?${query}`)).statusCode, query).toBe(400);
    expect((await server.inject('/leagues?filter[Name]=Masters')).statusCode).toBe(200);
  });
});

describe('parameters whose oneOf mixes an integer and a string', () => {
  it('take text that one branch matches as text and the other as a number', async () => {
    const server = await mockServer({ spec, logLevel: 'silent' });
    for (const url of ['/leagues/1?season=2', '/leagues/lec-2024?season=summer'])
      expect((await server.inject({ url, headers: { 'x-region': '3' } })).statusCode, url).toBe(200);
    expect((await server.inject('/leagues/Not%20A%20Slug')).statusCode).toBe(400);
    expect((await server.inject('/leagues/1?season=0.5')).statusCode).toBe(400);
  });
});
