import { basename, resolve } from 'node:path';
import { GenericContainer, type StartedTestContainer, Wait } from 'testcontainers';
import { StartedPlantStoreMockContainer } from './started-plantstore-mock-container.js';

/** The port the image listens on inside the container. */
export const MOCK_PORT = 4010;
/** The tag `docker build -t plantstore-mock .` gives the image; pass another to the constructor. */
export const DEFAULT_IMAGE = 'plantstore-mock:latest';
/** Where the image reads its OpenAPI document and a scenarios directory (see docs/containers.md). */
export const SPEC_DIR = '/spec';
export const SCENARIOS_DIR = '/scenarios';
export const DATA_DIR = '/data';
/** Where `withOverlays()` copies overlay files, each in a folder of its position (`/overlays/1/...`). */
export const OVERLAYS_DIR = '/overlays';
/** Where `withTls()` has the server write its generated CA (`--tls-ca-file`), for the module to copy out. */
export const TLS_CA_FILE = '/tmp/plantstore-mock-ca.pem';

/**
 * A plantstore-mock container for Testcontainers. Options map to the image's PLANTSTORE_MOCK_*
 * environment variables (the CLI's flags), files are copied in rather than bind-mounted so a remote
 * container runtime works too, and start() waits until GET /__mock/health answers 200.
 */
export class PlantStoreMockContainer extends GenericContainer {
  #adminToken: string | undefined;
  #tls = false;

  constructor(image: string = DEFAULT_IMAGE) {
    super(image);
    this.withExposedPorts(MOCK_PORT)
      .withWaitStrategy(Wait.forHttp('/__mock/health', MOCK_PORT).forStatusCode(200))
      .withStartupTimeout(60_000);
  }

  /** Starts with this scenario active (`--scenario NAME`). */
  withScenario(name: string): this {
    return this.withEnvironment({ PLANTSTORE_MOCK_SCENARIO: name });
  }

  /** Copies a host directory of scenario files to /scenarios and loads it (`--scenarios /scenarios`). */
  withScenariosDir(hostDirectory: string): this {
    return this.withCopyDirectoriesToContainer([{ source: resolve(hostDirectory), target: SCENARIOS_DIR }]).withEnvironment({
      PLANTSTORE_MOCK_SCENARIOS: SCENARIOS_DIR,
    });
  }

  /** Seed of the data generator, for reproducible generated bodies (`--seed N`). */
  withSeed(seed: number): this {
    if (!Number.isSafeInteger(seed) || seed < 0) throw new RangeError(`seed must be a non-negative integer; got ${seed}`);
    return this.withEnvironment({ PLANTSTORE_MOCK_SEED: String(seed) });
  }

  /** Accepts only these bearer tokens (`--token`); without it any non-empty token is accepted. */
  withTokens(...tokens: string[]): this {
    if (tokens.length === 0 || tokens.some((token) => token === '' || token.includes(','))) {
      throw new RangeError('withTokens needs at least one token, none empty or containing a comma');
    }
    return this.withEnvironment({ PLANTSTORE_MOCK_TOKEN: tokens.join(',') });
  }

  /** Mocks this OpenAPI document (a host file, YAML or JSON) instead of the bundled one. */
  withSpec(hostFile: string): this {
    const target = `${SPEC_DIR}/${basename(hostFile)}`;
    return this.withCopyFilesToContainer([{ source: resolve(hostFile), target }]).withEnvironment({ PLANTSTORE_MOCK_SPEC: target });
  }

  /**
   * Mocks several documents on one server (host files), each at its own base path: its first servers URL's
   * path, or the one given as `{ base: '/billing', file }` (`--spec /billing=FILE`; see docs/multiple-documents.md).
   * Each is named by its file, as on the command line.
   */
  withSpecs(...documents: readonly (string | { readonly base: string; readonly file: string })[]): this {
    if (documents.length === 0) throw new RangeError('withSpecs needs at least one document');
    const args = documents.flatMap((document, i) => {
      const { base, file } = typeof document === 'string' ? { base: undefined, file: document } : document;
      if (base !== undefined && !base.startsWith('/')) throw new RangeError(`a base path starts with /; got "${base}"`);
      // One folder each, so files of the same name do not overwrite each other and keep their names.
      const target = `${SPEC_DIR}/${i + 1}/${basename(file)}`;
      this.withCopyFilesToContainer([{ source: resolve(file), target }]);
      return ['--spec', base === undefined ? target : `${base}=${target}`];
    });
    return this.withCommand(args);
  }

  /** OpenAPI Overlay (1.0 or 1.1) host files applied, in order, to the document at load (`--overlay`; docs/overlays.md). */
  withOverlays(...hostFiles: readonly string[]): this {
    if (hostFiles.length === 0) throw new RangeError('withOverlays needs at least one overlay file');
    const targets = hostFiles.map((file, i) => {
      if (basename(file).includes(',')) throw new RangeError(`an overlay's file name must hold no comma; got "${file}"`);
      const target = `${OVERLAYS_DIR}/${i + 1}/${basename(file)}`;
      this.withCopyFilesToContainer([{ source: resolve(file), target }]);
      return target;
    });
    return this.withEnvironment({ PLANTSTORE_MOCK_OVERLAY: targets.join(',') });
  }

  /** Seed records for `--stateful` (a host file, JSON or YAML), copied to /data. */
  withData(hostFile: string): this {
    const target = `${DATA_DIR}/${basename(hostFile)}`;
    return this.withCopyFilesToContainer([{ source: resolve(hostFile), target }]).withEnvironment({ PLANTSTORE_MOCK_DATA: target });
  }

  /** Simulates the document's resources per session (`--stateful`). */
  withStateful(): this {
    return this.withFlag('stateful', 'true');
  }

  /** Protects /__mock/ (but health) with this token (`--admin-token`); the module's admin calls send it. */
  withAdminToken(token: string): this {
    if (token === '') throw new RangeError('the admin token must not be empty');
    this.#adminToken = token;
    return this.withFlag('admin-token', token);
  }

  /**
   * Forwards routed requests to the real service at `url` and reports where its answers drift from
   * the document (`--proxy`; see docs/proxy.md). The URL is dialled from inside the container:
   * `host.testcontainers.internal` reaches a port of the host exposed with TestContainers.exposeHostPorts.
   */
  withProxy(url: string): this {
    if (!/^https?:\/\/\S+$/i.test(url)) throw new RangeError(`withProxy needs an http:// or https:// URL; got ${JSON.stringify(url)}`);
    return this.withFlag('proxy', url);
  }

  /**
   * Serves HTTPS (and HTTP/2) with a certificate made at start (`--tls`; see docs/https.md): the base URL
   * becomes https, the started container's `getCaCertificate()` is the CA to trust, and the module's own
   * calls (admin, sessions) trust it. The start waits for health over HTTPS.
   */
  withTls(): this {
    this.#tls = true;
    return this.withFlag('tls', 'true')
      .withFlag('tls-ca-file', TLS_CA_FILE)
      .withWaitStrategy(Wait.forHttp('/__mock/health', MOCK_PORT).usingTls().allowInsecure().forStatusCode(200));
  }

  /** Any command-line flag by its name (`body-limit`, `journal-size`, ...), as its PLANTSTORE_MOCK_* variable. */
  withFlag(name: string, value: string): this {
    return this.withEnvironment({ [`PLANTSTORE_MOCK_${name.replace(/^-+/, '').replaceAll('-', '_').toUpperCase()}`]: value });
  }

  /** Log level of the server (`--log-level`); its log is the container's output. */
  withLogLevel(level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'): this {
    return this.withEnvironment({ PLANTSTORE_MOCK_LOG_LEVEL: level });
  }

  override async start(): Promise<StartedPlantStoreMockContainer> {
    const started = await super.start();
    const caCertificate = this.#tls ? await readCaCertificate(started) : undefined;
    return new StartedPlantStoreMockContainer(started, MOCK_PORT, this.#adminToken, caCertificate);
  }
}

/** The CA the server wrote at TLS_CA_FILE before it served: health answered, so it is there. */
async function readCaCertificate(started: StartedTestContainer): Promise<string> {
  const { exitCode, stdout, stderr } = await started.exec(['cat', TLS_CA_FILE]);
  if (exitCode !== 0 || !stdout.includes('-----BEGIN CERTIFICATE-----')) {
    await started.stop();
    throw new Error(`the container serves HTTPS but its CA could not be read from ${TLS_CA_FILE}: ${stderr.trim() || 'no PEM'}`);
  }
  return stdout;
}
