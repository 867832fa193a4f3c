import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { Exchange } from '../../pipeline/types.js';
import { fileName, Recorder, type RecordingBounds } from './recorder.js';

/** An exchange the proxy answered: `id` makes it distinct, `pad` makes it larger. */
function proxied(session: string | undefined, id: number, pad = '', answerPad = ''): Exchange {
  return {
    method: 'POST',
    path: '/plants',
    query: {},
    headers: {},
    body: { id, pad },
    session: { id: session },
    operation: { id: 'createPlant' },
    answer: {
      provenance: { kind: 'proxied', status: 200, drift: [] },
      response: {
        status: 200,
        headers: { 'content-type': 'application/json' },
        body: undefined,
        payload: `{"id":${id}${answerPad === '' ? '' : `,"note":"${answerPad}"`}}`,
      },
    },
  } as unknown as Exchange;
}

async function recorder(bounds: Partial<RecordingBounds> = {}) {
  const dir = await mkdtemp(join(tmpdir(), 'recorder-'));
  const warnings: string[] = [];
  const made = await Recorder.create({
    dir,
    name: undefined,
    spec: undefined,
    redaction: () => ({ headers: new Set<string>(), pointers: [], query: new Set<string>() }),
    onContractOnly: false,
    maxBodyBytes: 1024 * 1024,
    check: () => undefined,
    log: { warn: (message) => warnings.push(message) },
    bounds: { exchangesPerFile: 200, bytesPerFile: 768 * 1024, files: 400, heldBytes: 32 * 1024 * 1024, ...bounds },
  });
  return { dir, warnings, recorder: made };
}

async function exchangesIn(dir: string, name: string): Promise<number> {
  const file = parse(await readFile(join(dir, `${name}.yaml`), 'utf8')) as { rules: { answer?: unknown; sequence?: unknown[] }[] };
  return file.rules.reduce((n, rule) => n + (rule.sequence?.length ?? 1), 0);
}

describe('the recorder', () => {
  it('gives session ids that clean up to the same name files of their own', async () => {
    expect(fileName('recording-a_b')).toBe('recording-a_b');
    expect(fileName('recording-a/b')).toMatch(/^recording-a_b-[0-9a-f]{12}$/);
    expect(fileName('recording-a:b')).not.toBe(fileName('recording-a/b'));
    const { dir, recorder: made } = await recorder();
    made.observe(proxied('a/b', 1));
    made.observe(proxied('a_b', 2));
    const report = await made.flush();
    expect(report.files).toHaveLength(2);
    expect((await readdir(dir)).filter((f) => f.endsWith('.yaml'))).toHaveLength(2);
  });

  it('gives ids that differ only in case files whose names differ where file names fold case (macOS, Windows)', async () => {
    const { dir, recorder: made } = await recorder();
    made.observe(proxied('alice', 1));
    made.observe(proxied('Alice', 2));
    made.observe(proxied('ALICE', 3));
    expect((await made.flush()).files).toHaveLength(3);
    const names = (await readdir(dir)).filter((f) => f.endsWith('.yaml'));
    expect(names).toContain('recording-alice.yaml');
    expect(new Set(names.map((name) => name.toLowerCase())).size).toBe(3);
  });

  it('never gives a chosen id the file another id was given, even one chosen to look like its hashed name', async () => {
    const given = fileName('recording-a/b').slice('recording-'.length);
    expect(fileName(`recording-${given}`)).not.toBe(fileName('recording-a/b'));
    const { dir, recorder: made } = await recorder();
    made.observe(proxied('a/b', 1));
    made.observe(proxied(given, 2));
    expect((await made.flush()).files).toHaveLength(2);
    expect((await readdir(dir)).filter((f) => f.endsWith('.yaml'))).toHaveLength(2);
  });

  it('makes the directory again when it vanished after start, and writes the recording', async () => {
    const { dir, recorder: made } = await recorder();
    await rm(dir, { recursive: true, force: true });
    made.observe(proxied('gone', 1));
    expect((await made.flush()).files).toHaveLength(1);
    expect(await exchangesIn(dir, 'recording-gone')).toBe(1);
  });

  it('past the held bytes bound, writes the files and releases the least recently recorded, losing none of them', async () => {
    const pad = 'x'.repeat(1000);
    const { dir, warnings, recorder: made } = await recorder({ heldBytes: 8 * 1024 });
    for (let i = 0; i < 4; i++) made.observe(proxied('old', i, pad));
    for (let i = 0; i < 4; i++) made.observe(proxied('busy', 100 + i, pad));
    // The ninth exchange passes the bound: both files are written, "old" is released.
    made.observe(proxied('busy', 200, pad));
    await made.flush();
    expect(warnings.join('\n')).toMatch(/held reached 8192 bytes: writing them, and releasing recording-old/);
    expect(await exchangesIn(dir, 'recording-old')).toBe(4);
    made.observe(proxied('old', 300, pad));
    made.observe(proxied('busy', 201, pad));
    await made.flush();
    expect(await exchangesIn(dir, 'recording-old')).toBe(4);
    expect(await exchangesIn(dir, 'recording-busy')).toBe(6);
    expect(warnings.join('\n')).toMatch(/recording recording-old was written and released .*later exchanges are left out/);
  });

  it("counts a file's bound in UTF-8 bytes: answers of multi-byte characters fill it three times sooner", async () => {
    // 1,000 characters of 3 bytes each: 3,000 bytes per answer; 200 of them would be 600 KB in 200 KB of characters.
    const euros = '€'.repeat(1000);
    const { dir, warnings, recorder: made } = await recorder({ bytesPerFile: 64 * 1024 });
    for (let i = 0; i < 200; i++) made.observe(proxied('eu', i, '', euros));
    await made.flush();
    expect(warnings.join('\n')).toMatch(/recording recording-eu is full \(200 exchanges or 65536 bytes\)/);
    const kept = await exchangesIn(dir, 'recording-eu');
    expect(kept).toBeGreaterThan(15);
    expect(kept).toBeLessThan(22);
  });

  it('counts the held bound in UTF-8 bytes', async () => {
    const euros = '€'.repeat(1000);
    const { warnings, recorder: made } = await recorder({ heldBytes: 16 * 1024 });
    // About 3 KB each: the sixth passes 16 KiB of bytes, though all six hold only about 6,500 characters.
    for (let i = 0; i < 5; i++) made.observe(proxied('eu', i, '', euros));
    made.observe(proxied('next', 5, '', euros));
    await made.flush();
    expect(warnings.join('\n')).toMatch(/held reached 16384 bytes: writing them, and releasing recording-eu/);
  });
});
