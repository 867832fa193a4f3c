/**
 * The set-up the dashboard's browser tests share: a mock listening on a free port and a headless
 * Chromium page, made before the suite's tests and closed after them.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { createMockServer, type MockServer, type MockServerOptions } from '../../src/index.js';
import { launchChromium } from './chromium.js';

export interface DashboardUnderTest {
  readonly mock: MockServer;
  readonly browser: Browser;
  readonly page: Page;
  /** The mock's base URL. */
  readonly url: string;
}

/** Call inside a `describe`: what it returns is filled in before the first test runs. */
export function useDashboard(options: MockServerOptions): DashboardUnderTest {
  const made = {} as { mock: MockServer; browser: Browser; page: Page; url: string };
  beforeAll(async () => {
    made.mock = await createMockServer(options);
    made.url = await made.mock.listen();
    Object.assign(made, await launchChromium());
  }, 90_000);
  afterAll(async () => {
    await made.browser?.close();
    await made.mock?.close();
  });
  return made;
}
