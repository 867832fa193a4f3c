import { AbstractStartedContainer, type StartedTestContainer, type StopOptions, type StoppedTestContainer } from 'testcontainers';
import { Agent, fetch as fetchTrusting } from 'undici';
import { createSession, type MockSession } from '../client/session-handle.js';
import { checkGate, type GateBar } from '../contract-coverage/coverage-gate.js';
import type { CoverageReport } from '../contract-coverage/coverage-report.js';
import type { DriftReport } from '../contract-coverage/drift-report.js';

/** The JSON an admin endpoint answered, with its status (admin endpoints answer JSON). */
export interface AdminResponse<T = unknown> {
  readonly status: number;
  readonly body: T;
}

/** A running plantstore-mock container: where to send requests, and the /__mock/ admin API. */
export class StartedPlantStoreMockContainer extends AbstractStartedContainer {
  readonly #baseUrl: string;
  readonly #adminToken: string | undefined;
  readonly #caCertificate: string | undefined;
  readonly #agent: Agent | undefined;

  /** `caCertificate`: the CA of a container started `withTls()`; the base URL is then https. */
  constructor(started: StartedTestContainer, port: number, adminToken?: string, caCertificate?: string) {
    super(started);
    this.#adminToken = adminToken;
    this.#caCertificate = caCertificate;
    this.#agent = caCertificate === undefined ? undefined : new Agent({ connect: { ca: caCertificate } });
    const host = started.getHost();
    const scheme = caCertificate === undefined ? 'http' : 'https';
    this.#baseUrl = `${scheme}://${host.includes(':') ? `[${host}]` : host}:${started.getMappedPort(port)}`;
  }

  /** The CA (PEM) of a container started `withTls()`, for a client to trust; undefined over plain HTTP. */
  getCaCertificate(): string | undefined {
    return this.#caCertificate;
  }

  /**
   * Sends a request to the mock: through global fetch, or with `withTls()` through an undici agent that
   * trusts the container's CA (the global one would not). The module's admin calls and sessions use it.
   */
  async send(request: Request): Promise<Response> {
    if (this.#agent === undefined) return fetch(request);
    const body = request.body === null ? undefined : await request.arrayBuffer();
    const response = await fetchTrusting(request.url, {
      method: request.method,
      headers: [...request.headers],
      body,
      signal: request.signal,
      dispatcher: this.#agent,
    });
    return response as unknown as Response;
  }

  override async stop(options?: Partial<StopOptions>): Promise<StoppedTestContainer> {
    await this.#agent?.close();
    return super.stop(options);
  }

  /** Base URL of the mock as seen from the test, e.g. `http://127.0.0.1:32768` (https with `withTls()`). */
  getBaseUrl(): string {
    return this.#baseUrl;
  }

  /** URL of an admin endpoint: adminUrl('health') is `<base>/__mock/health`. */
  adminUrl(path: string): string {
    return `${this.#baseUrl}/__mock/${path.replace(/^\/+/, '')}`;
  }

  /** Calls an admin endpoint and parses its JSON answer (undefined for an empty body); never throws on a status. */
  async admin<T = unknown>(
    path: string,
    init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<AdminResponse<T>> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...(this.#adminToken === undefined ? {} : { authorization: `Bearer ${this.#adminToken}` }),
      ...init.headers,
    };
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const response = await this.send(
      new Request(this.adminUrl(path), {
        method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
        headers,
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      }),
    );
    const text = await response.text();
    return { status: response.status, body: (text === '' ? undefined : JSON.parse(text)) as T };
  }

  /** A handle on a fresh session (or the given id) of this mock: see docs/testing-with-sessions.md. */
  session(id?: string): MockSession {
    return createSession({ base: () => this.#baseUrl, send: (request) => this.send(request), adminToken: this.#adminToken }, id);
  }

  /** GET /__mock/health: `{ status: 'ok', spec, version }` while the mock serves. */
  async health(): Promise<AdminResponse<{ status: string; spec: string; version: string }>> {
    return this.admin('health');
  }

  /** GET /__mock/scenarios: the scenarios the mock knows (404 from an image without scenarios). */
  async scenarios<T = unknown>(): Promise<AdminResponse<T>> {
    return this.admin<T>('scenarios');
  }

  /**
   * GET /__mock/coverage: which documented responses the tests got served and which requests broke the
   * contract, of every request or of one `X-Mock-Session`. Throws on any answer but 200.
   */
  async getCoverage(options: { session?: string; adminToken?: string } = {}): Promise<CoverageReport> {
    const query = options.session === undefined ? '' : `?session=${encodeURIComponent(options.session)}`;
    const token = options.adminToken ?? this.#adminToken;
    const headers: Record<string, string> = token === undefined ? {} : { authorization: `Bearer ${token}` };
    const { status, body } = await this.admin<CoverageReport & { message?: string }>(`coverage${query}`, { headers });
    if (status !== 200) throw new Error(`GET /__mock/coverage answered ${status}: ${body?.message ?? ''}`);
    return body;
  }

  /**
   * GET /__mock/drift: where the real service's answers (`withProxy`) broke the document, per
   * operation, of every request or of one session. Throws on any answer but 200.
   */
  async getDrift(options: { session?: string; adminToken?: string } = {}): Promise<DriftReport> {
    const query = options.session === undefined ? '' : `?session=${encodeURIComponent(options.session)}`;
    const token = options.adminToken ?? this.#adminToken;
    const headers: Record<string, string> = token === undefined ? {} : { authorization: `Bearer ${token}` };
    const { status, body } = await this.admin<DriftReport & { message?: string }>(`drift${query}`, { headers });
    if (status !== 200) throw new Error(`GET /__mock/drift answered ${status}: ${body?.message ?? ''}`);
    return body;
  }

  /**
   * The coverage gate's verdict (the CLI's `coverage --min N --no-violations`), of every request or of one
   * session: `expect(verdict.pass, verdict.reason).toBe(true)`.
   */
  async checkCoverage(bar: GateBar, options: { session?: string } = {}): Promise<{ readonly pass: boolean; readonly reason: string }> {
    return checkGate(await this.getCoverage(options), bar);
  }
}
