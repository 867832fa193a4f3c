import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { type RunningCli, startCli } from '../support/cli.js';
import { eventually } from '../support/eventually.js';
import { startOtlpReceiver } from '../support/otlp-receiver.js';

const PETS = fileURLToPath(new URL('../fixtures/pets.yaml', import.meta.url));
const LIBRARY = fileURLToPath(new URL('../../dist/index.js', import.meta.url));

let cli: RunningCli | undefined;
afterEach(() => {
  cli?.child.kill('SIGKILL');
  cli = undefined;
});

describe('tracing from the command line', () => {
  it('sends spans to the endpoint the standard OTEL_* variables name', async () => {
    const receiver = await startOtlpReceiver();
    try {
      const saved = { ...process.env };
      process.env.OTEL_EXPORTER_OTLP_ENDPOINT = receiver.url.replace(/\/v1\/traces$/, '');
      process.env.OTEL_SERVICE_NAME = 'cli-mock';
      try {
        cli = await startCli(['--spec', PETS, '--log-level', 'warn']);
      } finally {
        process.env = saved;
      }
      const answered = await fetch(`${cli.url}/pets`, { headers: { 'x-api-key': 'k' } });
      expect(answered.status).toBe(200);
      cli.child.kill('SIGTERM');
      expect((await cli.exited()).code).toBe(0);
      await eventually(async () => receiver.spans.length === 1);
      expect(receiver.spans[0]).toMatchObject({ name: 'GET /pets', service: 'cli-mock' });
    } finally {
      await receiver.close();
    }
  });

  it('loads none of the OpenTelemetry SDK while tracing is off', () => {
    const script = `
      const { createMockServer } = await import(${JSON.stringify(LIBRARY)});
      const server = await createMockServer({ spec: ${JSON.stringify(PETS)} });
      await server.inject({ url: '/pets', headers: { 'x-api-key': 'k' } });
      await server.close();
      const { createRequire } = await import('node:module');
      const loaded = Object.keys(createRequire(import.meta.url).cache).filter((path) => /@opentelemetry[\\\\/](sdk-trace|exporter|core|resources)/.test(path));
      console.log(JSON.stringify(loaded));`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 60_000 });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout.trim().split('\n').pop() ?? 'null')).toEqual([]);
  });
});
