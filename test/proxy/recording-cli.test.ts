import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli, startCli } from '../support/cli.js';
import { closeServersAfterEach, JSON_BODY, mockServer } from '../support/servers.js';
import { startUpstream, type TestUpstream } from '../support/upstream.js';

closeServersAfterEach();
const SPEC = 'test/fixtures/proxy-store.yaml';
const upstreams: TestUpstream[] = [];
afterEach(async () => {
  await Promise.all(upstreams.splice(0).map((u) => u.close()));
});

describe('recording from the command line', () => {
  it('writes the recording when SIGTERM stops the mock, and the recording replays what the service answered', async () => {
    const upstream = await startUpstream();
    upstreams.push(upstream);
    const dir = await mkdtemp(join(tmpdir(), 'psm-record-cli-'));
    const cli = await startCli(['--spec', SPEC, '--proxy', `${upstream.url}/v1`, '--record', dir, '--log-level', 'warn']);
    const plants = [
      { id: 1, name: 'Ficus' },
      { id: 2, name: 'Rose', tag: 'red' },
    ];
    const live = [];
    for (const plant of plants) {
      const response = await fetch(`${cli.url}/plants`, { method: 'POST', headers: JSON_BODY, body: JSON.stringify(plant) });
      live.push({ status: response.status, body: await response.json() });
    }
    cli.child.kill('SIGTERM');
    expect((await cli.exited()).code).toBe(0);
    expect((await readdir(dir)).sort()).toEqual(['recording.yaml']);
    expect(await readFile(join(dir, 'recording.yaml'), 'utf8')).toContain('equals: Rose');

    const replay = await mockServer({ spec: SPEC, scenariosDir: dir, scenario: 'recording' });
    for (const [i, plant] of plants.entries()) {
      const answer = await replay.inject({ method: 'POST', url: '/plants', headers: JSON_BODY, payload: JSON.stringify(plant) });
      expect({ status: answer.statusCode, body: answer.json() }).toEqual(live[i]);
    }
  });

  it('exits 2 with one line when the --record directory cannot be written', async () => {
    const upstream = await startUpstream();
    upstreams.push(upstream);
    const file = join(await mkdtemp(join(tmpdir(), 'psm-record-cli-')), 'a-file');
    await writeFile(file, '');
    const result = await runCli(['--spec', SPEC, '--proxy', `${upstream.url}/v1`, '--record', join(file, 'sub'), '--port', '0']);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/cannot write to the --record directory .*: ENOTDIR/);
  });
});
