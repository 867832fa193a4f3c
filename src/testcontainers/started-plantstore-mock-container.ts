import { AbstractStartedContainer, type StartedTestContainer } from 'testcontainers';
import type { CoverageReport } from '../contract-coverage/coverage-report.js';

/** The JSON an admin endpoint answered, with its status (admin endpoints answer JSON). */
export interface AdminResponse<T = unknown> {
  readonly status: number;
  readonly body: T;
}

/** A running plantstore-mock container: where to send requests, and the /__mock/ admin API. */
export class StartedPlantStoreMockContainer extends AbstractStartedContainer {
  readonly #baseUrl: string;

  constructor(started: StartedTestContainer, port: number) {
    super(started);
    const host = started.getHost();
    this.#baseUrl = `http://${host.includes(':') ? `[${host}]` : host}:${started.getMappedPort(port)}`;
  }

  /** Base URL of the mock as seen from the test, e.g. `http://127.0.0.1:32768`. */
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
    const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(this.adminUrl(path), {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers,
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    const text = await response.text();
    return { status: response.status, body: (text === '' ? undefined : JSON.parse(text)) as T };
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
    const headers: Record<string, string> = options.adminToken === undefined ? {} : { authorization: `Bearer ${options.adminToken}` };
    const { status, body } = await this.admin<CoverageReport & { message?: string }>(`coverage${query}`, { headers });
    if (status !== 200) throw new Error(`GET /__mock/coverage answered ${status}: ${body?.message ?? ''}`);
    return body;
  }
}
