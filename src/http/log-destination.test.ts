import { closeSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { asyncFd } from './log-destination.js';

function fileDestination() {
  const path = join(mkdtempSync(join(tmpdir(), 'log-destination-')), 'log');
  const fd = openSync(path, 'w');
  return { destination: asyncFd(fd), read: () => readFileSync(path, 'utf8'), close: () => closeSync(fd) };
}

describe('the batched log destination', () => {
  it('writes every line, in order, by the time flush() resolves', async () => {
    const { destination, read, close } = fileDestination();
    const lines = Array.from({ length: 5000 }, (_, i) => `{"n":${i},"msg":"line ${'x'.repeat(i % 50)}"}\n`);
    for (const line of lines) destination.write(line);
    await destination.flush();
    expect(read()).toBe(lines.join(''));
    close();
  });

  it('keeps multi-byte text and lines longer than its buffers whole', async () => {
    const { destination, read, close } = fileDestination();
    const long = `${'ü€😀'.repeat(30_000)}\n`;
    destination.write('first ünïcode\n');
    destination.write(long);
    destination.write('last\n');
    await destination.flush();
    expect(read()).toBe(`first ünïcode\n${long}last\n`);
    close();
  });

  it('writes a lone line within its flush interval, without a flush', async () => {
    const { destination, read, close } = fileDestination();
    destination.write('alone\n');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(read()).toBe('alone\n');
    close();
  });

  it('resolves flush() with nothing to write, and drops lines a descriptor refuses', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'log-destination-')), 'log');
    const { destination, close } = fileDestination();
    await expect(destination.flush()).resolves.toBeUndefined();
    close();
    closeSync(openSync(path, 'wx'));
    const refusing = asyncFd(openSync(path, 'r'));
    refusing.write('refused\n');
    await expect(refusing.flush()).resolves.toBeUndefined();
    refusing.write('dropped\n');
    await expect(refusing.flush()).resolves.toBeUndefined();
    expect(readFileSync(path, 'utf8')).toBe('');
  });
});
