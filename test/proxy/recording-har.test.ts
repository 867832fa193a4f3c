import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { harViolations } from '../../src/har/check-har.js';
import { importTraffic } from '../../src/import/import-traffic.js';
import type { MockServerOptions } from '../../src/index.js';
import { closeServersAfterEach, JSON_BODY, mockServer } from '../support/servers.js';
import { startUpstream, type TestUpstream } from '../support/upstream.js';

closeServersAfterEach();
const SPEC = 'test/fixtures/proxy-store.yaml';
const upstreams: TestUpstream[] = [];
afterEach(async () => {
  await Promise.all(upstreams.splice(0).map((u) => u.close()));
});

async function recordingMock(options: MockServerOptions) {
  const upstream = await startUpstream();
  upstreams.push(upstream);
  const dir = await mkdtemp(join(tmpdir(), 'psm-record-har-'));
  return { dir, server: await mockServer({ spec: SPEC, proxy: `${upstream.url}/v1`, record: dir, ...options }) };
}

describe('--record-format har', () => {
  it('writes the real service`s answers as a HAR 1.2 log beside the scenario file, redacted by the same rule', async () => {
    const { server, dir } = await recordingMock({ recordFormat: 'both', redact: ['/tag'] });
    const created = await server.inject({
      method: 'POST',
      url: '/plants',
      headers: { ...JSON_BODY, authorization: 'Bearer very-secret-token-1234' },
      payload: JSON.stringify({ id: 1, name: 'Ficus', tag: 'secret-tag' }),
    });
    const read = await server.inject({ method: 'GET', url: '/plants/7', headers: JSON_BODY });
    const flushed = (await server.inject({ method: 'POST', url: '/__mock/recordings/flush' })).json();
    expect(flushed.files).toEqual([
      { name: 'recording', exchanges: 2 },
      { name: 'recording', exchanges: 2 },
    ]);
    expect((await readdir(dir)).sort()).toEqual(['recording.har', 'recording.yaml']);
    const text = await readFile(join(dir, 'recording.har'), 'utf8');
    const har = JSON.parse(text);
    expect(harViolations(har)).toEqual([]);
    for (const secret of ['very-secret-token', 'secret-tag', 'a=1']) expect(text).not.toContain(secret);
    const [post, get] = har.log.entries;
    expect(post.request.method).toBe('POST');
    expect(post._operation).toBe('createPlant');
    expect(post.request.headers).toContainEqual({ name: 'authorization', value: '[redacted]' });
    expect(get.request.url).toBe('http://localhost/plants/7');
    expect(get.response.status).toBe(read.statusCode);
    expect(get.response.content.text).toBe(read.body);
    expect(created.statusCode).toBe(post.response.status);
  });

  it('writes only the HAR with har; the HAR imports back into the same scenario rules', async () => {
    const { server, dir } = await recordingMock({ recordFormat: 'har', recordName: 'shop' });
    await server.inject({ method: 'GET', url: '/plants/7', headers: JSON_BODY });
    await server.inject({ method: 'GET', url: '/plants/8', headers: JSON_BODY });
    await server.inject({ method: 'POST', url: '/__mock/recordings/flush' });
    expect(await readdir(dir)).toEqual(['shop.har']);
    const report = await importTraffic({ spec: SPEC }, { file: join(dir, 'shop.har'), out: join(dir, 'imported'), onContractOnly: false });
    // The recording redacted the bearer token: checked with a placeholder, as a replay's client sends its own.
    expect(report).toMatchObject({
      leftOut: [],
      credentialsFilled: 2,
      files: [{ file: join(dir, 'imported', 'import-shop.yaml'), exchanges: 2 }],
    });
    expect(report.unmatched).toEqual([]);
  });

  it('is refused without --record', async () => {
    await expect(mockServer({ spec: SPEC, recordFormat: 'har' })).rejects.toThrow(/--record-format shape recordings: give --record too/);
  });
});
