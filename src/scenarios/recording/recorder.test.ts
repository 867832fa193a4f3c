import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { Exchange } from '../../pipeline/types.js';
import { MemorySessionStore } from '../../sessions/memory-store.js';
import type { SessionLimits } from '../../sessions/session-store.js';
import { fileName, partName, Recorder, type RecordingBounds } from './recorder.js';

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

/** A session store of the mock's kind: 1 GB each unless said. */
function store(limits: Partial<SessionLimits> = {}) {
  return new MemorySessionStore({ idleMs: 60_000, max: 100, sessionBytes: 2 ** 30, totalBytes: 2 ** 30, ...limits });
}

async function recorder(bounds: Partial<RecordingBounds> = {}, sessions?: MemorySessionStore) {
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
    ...(sessions ? { sessions } : {}),
    bounds: { exchangesPerFile: 200, bytesPerFile: 768 * 1024, files: 400, ...bounds },
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

  it('writes the recording of each session the store forgets past --max-sessions, losing no exchange', async () => {
    const sessions = store({ max: 3 });
    const { dir, recorder: made } = await recorder({}, sessions);
    for (let s = 0; s < 12; s++) for (let i = 0; i < 2; i++) made.observe(proxied(`s${s}`, i));
    expect(sessions.size()).toBe(3);
    await made.flush();
    for (let s = 0; s < 12; s++) expect(await exchangesIn(dir, `recording-s${s}`)).toBe(2);
  });

  it('writes the recording of a session forgotten for being idle, and records it on in a next part when it comes back', async () => {
    let now = 0;
    const sessions = store({ idleMs: 1000, now: () => now });
    const { dir, recorder: made } = await recorder({}, sessions);
    made.observe(proxied('idle', 1));
    now = 5000;
    made.observe(proxied('other', 2));
    made.observe(proxied('idle', 3));
    made.observe(proxied('idle', 1));
    await made.flush();
    expect(await exchangesIn(dir, 'recording-idle')).toBe(1);
    expect(await exchangesIn(dir, 'recording-idle.part2')).toBe(2);
    const part = await readFile(join(dir, 'recording-idle.part2.yaml'), 'utf8');
    expect(part).toContain('Part 2.');
  });

  it("charges a session's recording to its byte budget, writes it when full and goes on in a next part", async () => {
    const pad = 'x'.repeat(1000);
    const sessions = store({ sessionBytes: 8 * 1024 });
    const { dir, warnings, recorder: made } = await recorder({}, sessions);
    for (let i = 0; i < 12; i++) made.observe(proxied('busy', i, pad));
    expect(sessions.bytesUsed('busy')).toBeGreaterThan(0);
    expect(sessions.bytesUsed('busy')).toBeLessThanOrEqual(8 * 1024);
    // A reset forgets the session's state, not its recording.
    const held = sessions.bytesUsed('busy');
    sessions.reset('busy');
    expect(sessions.bytesUsed('busy')).toBe(held);
    await made.flush();
    expect(warnings.join('\n')).toMatch(/state budget of the session \(8192 bytes\): writing recording-busy and going on/);
    expect((await exchangesIn(dir, 'recording-busy')) + (await exchangesIn(dir, 'recording-busy.part2'))).toBe(12);
  });

  it('past the budget of all sessions, writes every recording held and goes on, losing none', async () => {
    const pad = 'x'.repeat(1000);
    const sessions = store({ totalBytes: 8 * 1024 });
    const { dir, warnings, recorder: made } = await recorder({}, sessions);
    for (let i = 0; i < 4; i++) made.observe(proxied('old', i, pad));
    for (let i = 0; i < 5; i++) made.observe(proxied('busy', 100 + i, pad));
    await made.flush();
    expect(warnings.join('\n')).toMatch(/state budget of all sessions \(8192 bytes\): writing recording-old, recording-busy/);
    expect(await exchangesIn(dir, 'recording-old')).toBe(4);
    made.observe(proxied('old', 300, pad));
    await made.flush();
    expect(await exchangesIn(dir, 'recording-old.part2')).toBe(1);
    expect((await exchangesIn(dir, 'recording-busy')) + (await exchangesIn(dir, 'recording-busy.part2'))).toBe(5);
  });

  it("never gives a session the name of another one's part, and keeps part names within 64 characters", () => {
    expect(fileName('recording-x.part2')).not.toBe(partName('recording-x', 2));
    expect(partName('recording-x', 2)).toBe('recording-x.part2');
    const long = fileName(`recording-${'a'.repeat(60)}`);
    expect(partName(long, 12).length).toBeLessThanOrEqual(64);
    expect(partName(long, 12)).not.toBe(partName(fileName(`recording-${'a'.repeat(61)}`), 12));
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

  it('counts the budget in UTF-8 bytes', async () => {
    const euros = '€'.repeat(1000);
    const sessions = store({ sessionBytes: 16 * 1024 });
    const { warnings, recorder: made } = await recorder({}, sessions);
    // About 3 KB each: the sixth passes 16 KiB of bytes, though all six hold only about 6,500 characters.
    for (let i = 0; i < 6; i++) made.observe(proxied('eu', i, '', euros));
    await made.flush();
    expect(warnings.join('\n')).toMatch(/state budget of the session \(16384 bytes\): writing recording-eu/);
  });
});
