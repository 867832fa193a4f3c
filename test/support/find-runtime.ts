import { request } from 'node:http';
import { homedir } from 'node:os';
import { join } from 'node:path';

export type ContainerRuntime =
  | { readonly available: true; readonly dockerHost: string }
  | { readonly available: false; readonly reason: string };

/** Where Docker and podman put their API sockets (rootful and rootless), in the order they are tried after DOCKER_HOST. */
function wellKnownSockets(env: NodeJS.ProcessEnv): string[] {
  const runtimeDir = env.XDG_RUNTIME_DIR;
  return [
    '/var/run/docker.sock',
    '/run/podman/podman.sock',
    ...(runtimeDir ? [join(runtimeDir, 'podman/podman.sock'), join(runtimeDir, 'docker.sock')] : []),
    join(homedir(), '.docker/run/docker.sock'),
  ];
}

/**
 * Finds a Docker-compatible API (DOCKER_HOST, then the well-known sockets) that answers /_ping, and sets
 * the environment Testcontainers reads: DOCKER_HOST, and unless already set, Ryuk off (its image comes
 * from a registry; the tests stop their own containers) and 127.0.0.1 as the host of mapped ports
 * (Testcontainers otherwise guesses a bridge address when /.dockerenv exists).
 */
export async function findContainerRuntime(env: NodeJS.ProcessEnv = process.env): Promise<ContainerRuntime> {
  const candidates = env.DOCKER_HOST ? [env.DOCKER_HOST] : wellKnownSockets(env).map((path) => `unix://${path}`);
  for (const dockerHost of candidates) {
    if (!(await answersPing(dockerHost))) continue;
    env.DOCKER_HOST = dockerHost;
    env.TESTCONTAINERS_RYUK_DISABLED ??= 'true';
    if (dockerHost.startsWith('unix://')) env.TESTCONTAINERS_HOST_OVERRIDE ??= '127.0.0.1';
    return { available: true, dockerHost };
  }
  return {
    available: false,
    reason: `no Docker-compatible runtime answers at ${candidates.join(', ')}; run scripts/container-runtime.sh (as root) or set DOCKER_HOST`,
  };
}

function answersPing(dockerHost: string): Promise<boolean> {
  const target = dockerHost.startsWith('unix://')
    ? { socketPath: dockerHost.slice('unix://'.length) }
    : /^tcp:\/\/([^:/]+):(\d+)/.exec(dockerHost)?.slice(1, 3);
  if (!target) return Promise.resolve(false);
  const where = Array.isArray(target) ? { host: target[0], port: Number(target[1]) } : target;
  return new Promise((resolve) => {
    const ping = request({ ...where, path: '/_ping', timeout: 3000 }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    ping.on('timeout', () => ping.destroy());
    ping.on('error', () => resolve(false));
    ping.end();
  });
}
