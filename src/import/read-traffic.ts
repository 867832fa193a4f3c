import { open } from 'node:fs/promises';
import { MockConfigError } from '../config-error.js';
import { harTraffic } from './har-traffic.js';
import { postmanTraffic } from './postman-traffic.js';
import type { TrafficExchange } from './traffic.js';

/** Largest file read by default: a long browsing session's HAR with its bodies. */
export const IMPORT_MAX_BYTES = 64 * 1024 * 1024;

export interface ReadTraffic {
  readonly kind: 'HAR' | 'Postman collection';
  readonly exchanges: readonly TrafficExchange[];
}

/**
 * A HAR 1.2 log or a Postman Collection v2.0/v2.1 read from `file`, never more than `maxBytes` of it.
 * Anything else is a MockConfigError of one line: the file is missing, too large, no JSON, or neither.
 */
export async function readTraffic(file: string, maxBytes = IMPORT_MAX_BYTES): Promise<ReadTraffic> {
  const text = await readBounded(file, maxBytes);
  let value: unknown;
  try {
    value = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (error) {
    throw new MockConfigError(`${file} is not valid JSON (${(error as Error).message.split('\n')[0]})`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new MockConfigError(`${file} is neither a HAR log nor a Postman collection: its JSON is no object`);
  const read =
    'log' in value
      ? { kind: 'HAR' as const, exchanges: harTraffic(value) }
      : 'info' in value && 'item' in value
        ? { kind: 'Postman collection' as const, exchanges: postmanTraffic(value) }
        : undefined;
  if (read === undefined)
    throw new MockConfigError(`${file} is neither a HAR log (no "log") nor a Postman collection (no "info" and "item")`);
  if (typeof read.exchanges === 'string') throw new MockConfigError(`${file} is ${read.exchanges}`);
  return { kind: read.kind, exchanges: read.exchanges };
}

async function readBounded(file: string, maxBytes: number): Promise<string> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    throw new MockConfigError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? 'unreadable'}`);
  }
  try {
    const { size } = await handle.stat();
    if (size > maxBytes) throw new MockConfigError(`${file} is too large: ${size} bytes, at most ${maxBytes} are read (--max-size)`);
    // Read up to one byte past the bound: a file that grew since its size was asked is refused too.
    const buffer = Buffer.alloc(Math.min(size, maxBytes) + 1);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    if (bytesRead > maxBytes) throw new MockConfigError(`${file} is too large: more than ${maxBytes} bytes (--max-size)`);
    return buffer.subarray(0, bytesRead).toString('utf8');
  } catch (error) {
    if (error instanceof MockConfigError) throw error;
    throw new MockConfigError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? 'unreadable'}`);
  } finally {
    await handle.close();
  }
}
