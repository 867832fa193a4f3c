import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useFixedUpstreams } from '../support/fixed-upstream.js';
import { AUTH, closeServersAfterEach, mockServer } from '../support/servers.js';

closeServersAfterEach();
const SPEC = 'test/fixtures/proxy-store.yaml';
const plant = JSON.stringify({ id: 7, name: 'Ficus' });

const fixedUpstream = useFixedUpstreams();
const upstream = (status: number, type: string) => fixedUpstream(status, { 'content-type': type, 'x-request-id': 'r-1' }, plant);

async function recorded(status: number, type: string) {
  const dir = await mkdtemp(join(tmpdir(), 'psm-odd-'));
  const server = await mockServer({ spec: SPEC, proxy: await upstream(status, type), record: dir, logLevel: 'silent' });
  const answer = await server.inject({ url: '/plants/7', headers: AUTH });
  await server.inject({ method: 'POST', url: '/__mock/recordings/flush' });
  return { answer, files: await readdir(dir) };
}

describe('an upstream answer no replay could give', () => {
  it.each([600, 799, 999])('status %i answers 502 UPSTREAM_FAILED from the catalogue and is not recorded', async (status) => {
    const { answer, files } = await recorded(status, 'application/json');
    expect(answer.statusCode).toBe(502);
    expect(answer.headers['x-mock-error']).toBe('UPSTREAM_FAILED');
    expect(answer.json().message).toContain(`status ${status}`);
    expect(files).toEqual([]);
  });

  it('with a well-formed Content-Type is recorded (the set-up records what it should)', async () => {
    const { files } = await recorded(200, 'application/json; charset=utf-8');
    expect(files).toHaveLength(1);
  });

  it('with a malformed Content-Type is passed on but not recorded', async () => {
    const { answer, files } = await recorded(200, 'application/json; charset');
    expect(answer.statusCode).toBe(200);
    expect(files).toEqual([]);
  });
});
