import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findContainerRuntime } from '../support/find-runtime.js';

describe('findContainerRuntime', () => {
  it('reports a DOCKER_HOST that does not answer as unavailable, naming it and how to provision one', async () => {
    const missing = `unix://${join(mkdtempSync(join(tmpdir(), 'no-runtime-')), 'docker.sock')}`;
    const env: NodeJS.ProcessEnv = { DOCKER_HOST: missing };
    const runtime = await findContainerRuntime(env);
    expect(runtime.available).toBe(false);
    expect(runtime.available ? '' : runtime.reason).toContain(missing);
    expect(runtime.available ? '' : runtime.reason).toContain('scripts/container-runtime.sh');
    expect(env.TESTCONTAINERS_RYUK_DISABLED).toBeUndefined();
  });

  it('does not treat an unsupported DOCKER_HOST scheme as a runtime', async () => {
    expect((await findContainerRuntime({ DOCKER_HOST: 'ssh://nowhere' })).available).toBe(false);
  });
});
