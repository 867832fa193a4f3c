import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { GenericContainer, getContainerRuntimeClient, Network, type StartedNetwork } from 'testcontainers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer } from '../../src/server.js';
import { PlantStoreMockContainer, type StartedPlantStoreMockContainer } from '../../src/testcontainers/index.js';
import { blockRanBy } from '../support/doc-blocks.js';
import { findContainerRuntime } from '../support/find-runtime.js';
import { loadPairCases, loadSharedCases, runSharedCase } from '../support/shared-cases.js';

// Builds the image from the project's Dockerfile and drives it through the Testcontainers module against
// a real container runtime. Without one these tests are skipped, with the reason, except in CI.
const runtime = await findContainerRuntime();
const inCi = process.env.CI !== undefined && !['', '0', 'false'].includes(process.env.CI);
if (!runtime.available && inCi) throw new Error(`CI needs a container runtime: ${runtime.reason}`);
if (!runtime.available) console.warn(`container tests skipped: ${runtime.reason}`);

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FIXTURES = fileURLToPath(new URL('./fixtures', import.meta.url));
const IMAGE = process.env.PLANTSTORE_TEST_IMAGE ?? 'plantstore-mock:test';
const BUILD_TIMEOUT = 20 * 60_000;
const VALID = { id: 1, name: 'Monstera deliciosa', tag: 'tropical' };

const execFileAsync = promisify(execFile);
const runBash = (script: string, cwd: string) => execFileAsync('bash', ['-c', script], { cwd, timeout: 90_000 });

/** A port nothing listens on now, for a container's published port. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function post(mock: StartedPlantStoreMockContainer, body: unknown, token = 'any-token'): Promise<Response> {
  return fetch(`${mock.getBaseUrl()}/plants`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

// Each test may start a container: generous limits, as CI machines are shared and slow.
describe.skipIf(!runtime.available)(
  `the Docker image${runtime.available ? '' : ` (skipped: ${runtime.reason})`}`,
  { timeout: 120_000 },
  () => {
    let mock: StartedPlantStoreMockContainer;
    const started: StartedPlantStoreMockContainer[] = [];
    const start = async (container: PlantStoreMockContainer) => {
      const running = await container.start();
      started.push(running);
      return running;
    };

    beforeAll(async () => {
      await GenericContainer.fromDockerfile(ROOT).build(IMAGE, { deleteOnExit: false });
      mock = await start(new PlantStoreMockContainer(IMAGE));
    }, BUILD_TIMEOUT);

    afterAll(async () => {
      await Promise.allSettled(started.map((running) => running.stop()));
    });

    it('answers a valid create with the echoed plant', async () => {
      const response = await post(mock, VALID);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ name: 'Monstera deliciosa', tag: 'tropical' });
    });

    it('answers 401 without credentials', async () => {
      const response = await fetch(`${mock.getBaseUrl()}/plants`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer /);
      expect(await response.json()).toMatchObject({ error: 40101 });
    });

    it('answers 400 naming the field that breaks the schema', async () => {
      const response = await post(mock, { id: 'one', name: 'Fern' });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { error: number; message: string };
      expect(body.error).toBe(40001);
      expect(body.message).toContain('id');
    });

    it('gives each session handle its own scenario and journal', async () => {
      const a = mock.session();
      const b = mock.session();
      await a.useScenario('unauthorized');
      const init = {
        method: 'POST',
        headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
        body: JSON.stringify(VALID),
      };
      expect((await a.fetch('/plants', init)).status).toBe(401);
      expect((await b.fetch('/plants', init)).status).toBe(200);
      expect((await b.verify({ method: 'POST', path: '/plants', exactly: 1 })).pass).toBe(true);
      await a.reset();
      expect(await a.journal()).toEqual([]);
    });

    // The same list the Java, Python and Go modules' tests run (modules/cases.json).
    describe('the shared cases of every language module', () => {
      for (const sharedCase of loadSharedCases()) {
        it(sharedCase.name, async () => {
          await runSharedCase(mock.session(), sharedCase);
        });
      }
    });

    it('reports health on the admin API', async () => {
      // `documents` lists each document served (one here).
      expect(await mock.health()).toMatchObject({ status: 200, body: { status: 'ok', spec: 'Plant Store', version: '1.0.0' } });
    });

    it('runs the server as a non-root user', async () => {
      const { exitCode, output } = await mock.exec(['id', '-u']);
      expect(exitCode).toBe(0);
      expect(output.trim()).not.toBe('0');
    });

    it('serves a custom spec, accepts only the given tokens, and generates from the given seed', async () => {
      const custom = await start(
        new PlantStoreMockContainer(IMAGE)
          .withSpec(`${FIXTURES}/tiny-store.yaml`)
          .withOverlays(`${FIXTURES}/tiny-store-overlay.yaml`)
          .withTokens('secret-1', 'secret-2')
          .withSeed(42),
      );
      expect((await custom.health()).body).toMatchObject({ spec: 'Tiny Store, overlaid', version: '9.9.9' });
      expect((await post(custom, { id: 1, name: 'Aloe' }, 'not-listed')).status).toBe(401);
      expect((await post(custom, { id: 1, name: 'Aloe' }, 'secret-2')).status).toBe(200);
      // The same seed in-process gives byte-identical generated bodies: the image runs the same generator.
      const local = await createMockServer({ spec: `${FIXTURES}/tiny-store.yaml`, seed: 42 });
      const request = { method: 'POST' as const, url: '/plants?__dynamic=true', headers: { authorization: 'Bearer secret-1' } };
      const expected = (await local.inject({ ...request, payload: { id: 1, name: 'Aloe' } })).body;
      await local.close();
      const inContainer = await fetch(`${custom.getBaseUrl()}${request.url}`, {
        method: 'POST',
        headers: { ...request.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ id: 1, name: 'Aloe' }),
      });
      expect(await inContainer.text()).toBe(expected);
    });

    it('sends its admin token on the admin calls of the container and its sessions, and takes any flag by name', async () => {
      const guarded = await start(new PlantStoreMockContainer(IMAGE).withAdminToken('admin').withFlag('journal-size', '50'));
      expect((await fetch(guarded.adminUrl('journal'))).status).toBe(401);
      expect((await guarded.admin<{ capacity: number }>('journal')).body.capacity).toBe(50);
      const session = guarded.session();
      await session.useScenario('unauthorized');
      const create = {
        method: 'POST',
        headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
        body: JSON.stringify(VALID),
      };
      expect((await session.fetch('/plants', create)).status).toBe(401); // the scenario's answer: no violation
      expect((await session.verify({ method: 'POST', exactly: 1 })).pass).toBe(true);
      expect(await guarded.checkCoverage({ noViolations: true }, { session: session.id })).toMatchObject({ pass: true });
    });

    describe('scenarios', () => {
      // Scenarios (issue 4) are built in parallel; on an image without them these checks skip with the reason.
      const requireScenarios = async (skip: (note: string) => void) => {
        if ((await mock.scenarios()).status === 404) skip('this image has no scenarios yet (GET /__mock/scenarios answers 404)');
      };

      it('selects a scenario by command-line flag', async ({ skip }) => {
        await requireScenarios(skip);
        const flagged = await start(new PlantStoreMockContainer(IMAGE).withCommand(['--scenario', 'unauthorized']));
        expect((await flagged.scenarios()).body).toMatchObject({ active: 'unauthorized' });
        expect((await post(flagged, VALID)).status).toBe(401);
      });

      it('loads a mounted scenarios directory and selects one by environment variable', async ({ skip }) => {
        await requireScenarios(skip);
        const custom = await start(
          new PlantStoreMockContainer(IMAGE).withScenariosDir(`${FIXTURES}/scenarios`).withScenario('expired-token'),
        );
        const { body } = await custom.scenarios<{ scenarios: { name: string }[]; active: string }>();
        expect(body.active).toBe('expired-token');
        expect(body.scenarios.map(({ name }) => name)).toContain('expired-token');
        expect((await post(custom, VALID)).status).toBe(401);
      });
    });

    // One "real service" serving two documents, and one mock over HTTPS proxying to it: the same pair
    // the Java, Python and Go modules' tests start.
    describe('several documents, HTTPS and a proxy', () => {
      let network: StartedNetwork;
      let upstream: StartedPlantStoreMockContainer;
      let proxy: StartedPlantStoreMockContainer;
      const create = {
        method: 'POST',
        headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
        body: '{"id": 1, "name": "Ficus"}',
      };

      beforeAll(async () => {
        network = await new Network().start();
        upstream = await start(
          new PlantStoreMockContainer(IMAGE)
            .withSpecs(`${FIXTURES}/drifting-store.yaml`, { base: '/tiny', file: `${FIXTURES}/tiny-store.yaml` })
            .withNetwork(network)
            .withNetworkAliases('upstream'),
        );
        proxy = await start(new PlantStoreMockContainer(IMAGE).withTls().withProxy('http://upstream:4010').withNetwork(network));
      }, 120_000);
      afterAll(async () => {
        await Promise.allSettled([upstream?.stop(), proxy?.stop()]);
        await network?.stop();
      });

      // The pair's cases every language module runs (modules/cases.json).
      for (const [name, cases] of Object.entries(loadPairCases())) {
        for (const sharedCase of cases) {
          it(`${name}: ${sharedCase.name}`, async () => {
            await runSharedCase((name === 'proxy' ? proxy : upstream).session(), sharedCase);
          });
        }
      }

      it('withSpecs serves each copied-in document at its base path', async () => {
        const session = upstream.session();
        expect((await session.fetch('/plants', create)).status).toBe(201);
        const tiny = await session.fetch('/tiny/plants', create);
        expect(tiny.status).toBe(200);
        expect(await tiny.json()).toEqual({ name: 'Ficus' });
        expect((await session.journal()).map((entry) => (entry as { spec?: string }).spec).sort()).toEqual([
          'drifting-store',
          'tiny-store',
        ]);
      });

      it('withTls serves HTTPS whose CA the module exposes and trusts', async () => {
        expect(proxy.getBaseUrl()).toMatch(/^https:\/\//);
        expect(proxy.getCaCertificate()).toContain('-----BEGIN CERTIFICATE-----');
        expect((await proxy.health()).status).toBe(200);
        await expect(fetch(proxy.adminUrl('health'))).rejects.toThrow(); // a client that does not trust the CA
      });

      it('withProxy forwards to the real service and getDrift reports where it broke the document', async () => {
        const session = proxy.session();
        const answer = await session.fetch('/plants', create);
        expect(answer.status).toBe(201);
        expect(answer.headers.get('x-mock-drift')).toMatch(/status/);
        const drift = await proxy.getDrift({ session: session.id });
        expect(drift.summary).toMatchObject({ upstreamAnswers: 1, driftingAnswers: 1, operationsDrifting: 1 });
        expect(drift.operations[0]?.findings[0]?.kind).toBe('status');
      });
    });

    it('runs the Docker coverage recipe of docs/coverage.md as written, leaving its three report files', async () => {
      const block = blockRanBy('docs/coverage.md', 'test/container/container.test.ts');
      const dir = await mkdtemp(join(tmpdir(), 'coverage-recipe-'));
      const port = await freePort();
      const name = `psm-coverage-recipe-${process.pid}`;
      // What differs from a user's machine: the image's tag, a free port, a unique name, and "your suite"
      // (two requests serving both documented responses, so the gate's --min 100 passes).
      const suite = [
        `for _ in $(seq 1 100); do curl -sf -o /dev/null http://127.0.0.1:${port}/__mock/health && break; sleep 0.2; done`,
        `curl -sf -o /dev/null http://127.0.0.1:${port}/plants -H 'Authorization: Bearer t' -H 'Content-Type: application/json' -d '{"id": 1, "name": "Ficus"}'`,
        `curl -s -o /dev/null http://127.0.0.1:${port}/plants -H 'Authorization: Bearer t' -H 'Content-Type: application/json' -H 'Prefer: code=400' -d '{"id": 1, "name": "Ficus"}'`,
      ].join('\n');
      const script = block.code
        .replace(' plantstore-mock --coverage-report', ` ${IMAGE} --coverage-report`)
        .replace('-p 4010:4010', `-p 127.0.0.1:${port}:4010`)
        .replace('--name mock', `--name ${name}`)
        .replace('exec mock', `exec ${name}`)
        .replace('-t 10 mock', `-t 10 ${name}`)
        .replace(/^npm test.*$/m, suite);
      // The docker CLI where there is one; else podman's, talking to the same socket.
      const client = `docker() { if type -P docker >/dev/null; then command docker "$@"; else podman --remote --url "$DOCKER_HOST" "$@"; fi; }`;
      try {
        await runBash(`set -euo pipefail\n${client}\n${script}`, dir);
        expect((await readdir(join(dir, 'reports'))).sort()).toEqual(['coverage.json', 'coverage.md', 'coverage.xml']);
        expect(JSON.parse(await readFile(join(dir, 'reports/coverage.json'), 'utf8')).summary.violations).toBe(0);
      } finally {
        await runBash(`${client}\ndocker rm -f ${name} >/dev/null 2>&1 || true`, dir);
        await rm(dir, { recursive: true, force: true });
      }
    });

    it('stops on SIGTERM well before the 10 s kill, exiting 0', async () => {
      const stopping = await start(new PlantStoreMockContainer(IMAGE));
      const began = performance.now();
      await stopping.stop({ timeout: 10_000, remove: false });
      const seconds = (performance.now() - began) / 1000;
      const client = await getContainerRuntimeClient();
      const container = client.container.getById(stopping.getId());
      const { State } = await container.inspect();
      await container.remove();
      expect(State.ExitCode).toBe(0);
      expect(seconds).toBeLessThan(5);
    });
  },
);
