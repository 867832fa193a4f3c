import { execFile, spawn } from 'node:child_process';
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

describe('the batched log destination at exit', () => {
  it('writes out what it holds when the process dies of an uncaught exception, without a flush', async () => {
    const module = new URL('./log-destination.ts', import.meta.url).href;
    const script = `
      const { asyncFd } = await import(${JSON.stringify(module)});
      const destination = asyncFd(1);
      for (let i = 0; i < 300; i++) destination.write('line ' + i + '\\n');
      setTimeout(() => { throw new Error('boom'); }, 5);`;
    const output = await new Promise<{ stdout: string; code: number | null }>((resolve) => {
      const child = execFile(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], (_error, stdout) =>
        resolve({ stdout, code: child.exitCode }),
      );
    });
    expect(output.code).toBe(1);
    const expected = Array.from({ length: 300 }, (_, i) => `line ${i}\n`).join('');
    expect(output.stdout).toBe(expected);
  });
});

describe('the batched log destination and a pipe', () => {
  /** A pipe whose reader (a shell) starts reading into `file` after `delay` seconds, or never. */
  function pipeTo(file: string, delay: number | 'never') {
    const script = delay === 'never' ? 'sleep 30' : `sleep ${delay}; cat > "$0"`;
    const reader = spawn('sh', ['-c', script, file], { stdio: ['pipe', 'ignore', 'ignore'] });
    const fd = (reader.stdin as unknown as { _handle: { fd: number } })._handle.fd;
    return { reader, fd, done: new Promise((resolve) => reader.once('exit', resolve)) };
  }

  it('keeps every line, in order, through a reader that is not ready at first (EAGAIN)', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'log-destination-')), 'log');
    const { reader, fd, done } = pipeTo(file, 0.3);
    const destination = asyncFd(fd);
    const lines = Array.from({ length: 20_000 }, (_, i) => `{"n":${i},"pad":"${'p'.repeat(i % 40)}"}\n`);
    for (const line of lines) destination.write(line);
    await destination.flush();
    reader.stdin?.end();
    await done;
    expect(readFileSync(file, 'utf8')).toBe(lines.join(''));
  });

  it('writes a line that arrives while a flush waits, before the flush resolves', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'log-destination-')), 'log');
    const { reader, fd, done } = pipeTo(file, 0.2);
    const destination = asyncFd(fd);
    destination.write('first\n');
    const flushed = destination.flush();
    destination.write('second\n');
    await flushed;
    reader.stdin?.end();
    await done;
    expect(readFileSync(file, 'utf8')).toBe('first\nsecond\n');
  });

  it('holds a bounded amount of memory for a reader that never reads, drops the rest, and gives up flushing', async () => {
    const { reader, fd } = pipeTo('', 'never');
    const destination = asyncFd(fd);
    const line = `${'x'.repeat(1000)}\n`;
    for (let i = 0; i < 40_000; i++) {
      destination.write(line);
      if (i % 1000 === 0) await new Promise((resolve) => setTimeout(resolve, 1));
    }
    expect(destination.heldBytes).toBeLessThanOrEqual(16 * 1024 * 1024 + 64 * 1024);
    expect(destination.heldBytes).toBeGreaterThan(8 * 1024 * 1024);
    // Closing never hangs on such a reader: flush() gives up after its timeout.
    const flushStarted = performance.now();
    await destination.flush();
    expect(performance.now() - flushStarted).toBeGreaterThan(1500);
    reader.kill();
  });
});
