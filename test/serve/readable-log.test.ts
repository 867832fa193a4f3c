import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { closeServersAfterEach, JSON_BODY, mockServer, postPlant } from '../support/servers.js';

closeServersAfterEach();

function capture() {
  const lines: string[] = [];
  return { lines, logStream: { write: (line: string) => lines.push(line) } };
}

const VALID = '{"id": 1, "name": "Fern"}';

describe('a log a person can read', () => {
  it('--log-format pretty writes short lines: method, path, status, time and what answered', async () => {
    const { lines, logStream } = capture();
    const server = await mockServer({ logLevel: 'info', logStream, logFormat: 'pretty' });
    await postPlant(server, VALID, { ...JSON_BODY, 'x-mock-scenario': 'happy-path' });
    await postPlant(server, '{"id": 1}');
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: POST \/plants 200 \d+\.\dms scenario=happy-path\n$/);
    expect(lines[1]).toMatch(/INFO: POST \/plants 400 \d+\.\dms rejected=INVALID_REQUEST\n$/);
    // Written to a stream that is no terminal: no colour codes.
    expect(lines.join('')).not.toContain('\u001b[');
  });

  it('auto writes JSON to a stream that is not a terminal, as json does', async () => {
    for (const logFormat of ['auto', 'json'] as const) {
      const { lines, logStream } = capture();
      const server = await mockServer({ logLevel: 'info', logStream, logFormat });
      await postPlant(server, VALID);
      expect(JSON.parse(lines[0] ?? '').msg).toMatch(/^POST \/plants 200 \d+\.\dms echo$/);
    }
  });

  it('the start-up and warning lines are short too', async () => {
    const { lines, logStream } = capture();
    await mockServer({ logLevel: 'info', logStream, logFormat: 'pretty', stateful: true });
    expect(lines.some((line) => /INFO: stateful/.test(line))).toBe(true);
  });

  it('the CLI writes JSON lines when standard output is a pipe, and pretty ones when asked', async () => {
    const run = (args: string[]) =>
      new Promise<string>((resolve, reject) => {
        const child = spawn(process.execPath, ['dist/cli/main.js', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
        let out = '';
        let asked = false;
        child.stdout.on('data', async (chunk: Buffer) => {
          out += chunk;
          const url = /listening on (\S+)/.exec(out)?.[1];
          if (url && !asked) {
            asked = true;
            await fetch(`${url}/__mock/health`);
            setTimeout(() => child.kill('SIGTERM'), 300);
          }
        });
        child.on('exit', () => resolve(out));
        child.on('error', reject);
      });
    expect(await run([])).toMatch(/\{"level":30,.*"msg":"GET \/__mock\/health 200/);
    expect(await run(['--log-format', 'pretty'])).toMatch(/INFO: GET \/__mock\/health 200 \d+\.\dms/);
  }, 20_000);
});
