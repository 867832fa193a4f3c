/**
 * The two engines a conformance run sends its requests to: the mock in-process, and Prism's CLI as
 * its users run it (`prism mock`), over a socket on a free local port. Each says whether it rejected
 * the request: the mock by its `x-mock-error` header, Prism by its `sl-violations` header or one of
 * its own problem documents.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { request as send } from 'undici';
import { createMockServer } from '../../dist/index.js';
import type { CorpusRequest } from '../../test/corpus/harness/types.js';

export interface EngineAnswer {
  readonly status: number;
  readonly contentType: string;
  readonly body: string;
  /** The engine refused the request as invalid (a valid request must never be). */
  readonly rejected: boolean;
}

export interface Engine {
  send(request: CorpusRequest): Promise<EngineAnswer>;
  close(): Promise<void>;
}

const root = fileURLToPath(new URL('../../', import.meta.url));
export const PRISM_BIN = join(root, 'node_modules', '.bin', 'prism');
export const prismInstalled = () => existsSync(PRISM_BIN);

export async function startMock(file: string): Promise<Engine> {
  const server = await createMockServer({ spec: file, seed: 1, logLevel: 'silent' });
  return {
    async send(request) {
      const response = await server.inject({
        method: request.method as 'GET',
        url: request.url,
        headers: request.headers,
        payload: request.payload,
      });
      return {
        status: response.statusCode,
        contentType: String(response.headers['content-type'] ?? ''),
        body: response.body,
        rejected: response.headers['x-mock-error'] !== undefined,
      };
    },
    close: async () => {
      await server.close();
    },
  };
}

/** Prism's `sl-violations` header lists the request's and the answer's: only the request's are a rejection. */
function requestViolations(header: string | string[] | undefined): boolean {
  if (typeof header !== 'string') return false;
  try {
    const violations = JSON.parse(header) as { location?: string[]; severity?: string | number }[];
    return violations.some((v) => v.location?.[0] === 'request' && (v.severity === 'Error' || v.severity === 0));
  } catch {
    return true;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Prism processes started and not yet ended, so a run ended from outside can end them even mid-start. */
const running = new Set<ChildProcess>();

/** Ends every Prism process this run started (a time limit can come while Prism is still starting). */
export function killPrisms(): void {
  for (const child of running) child.kill('SIGKILL');
}

export async function startPrism(file: string): Promise<Engine> {
  const port = await freePort();
  const child: ChildProcess = spawn(PRISM_BIN, ['mock', '-h', '127.0.0.1', '-p', String(port), file], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const listen = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4000);
      if (/listening on/i.test(output)) resolve();
    };
    child.stdout?.on('data', listen);
    child.stderr?.on('data', listen);
    child.once('exit', (code) => reject(new Error(`prism exited (${code}): ${output.split('\n').find((l) => /error/i.test(l)) ?? ''}`)));
  });
  child.stdout?.resume();
  child.stderr?.resume();
  const origin = `http://127.0.0.1:${port}`;
  return {
    async send(request) {
      const response = await send(`${origin}${request.url}`, {
        method: request.method,
        headers: request.headers,
        body: request.payload,
        headersTimeout: 30_000,
        bodyTimeout: 30_000,
      });
      const body = await response.body.text();
      const contentType = String(response.headers['content-type'] ?? '');
      const problem = /problem\+json/.test(contentType) && /stoplight\.io\/prism\/errors#/.test(body);
      return { status: response.statusCode, contentType, body, rejected: problem || requestViolations(response.headers['sl-violations']) };
    },
    async close() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
