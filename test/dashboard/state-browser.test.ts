import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../src/index.js';
import { launchChromium, skipBrowser } from '../support/chromium.js';

describe.skipIf(skipBrowser)('dashboard state view in a real headless Chromium', () => {
  let mock: MockServer;
  let browser: Browser;
  let page: Page;
  let url: string;

  beforeAll(async () => {
    mock = await createMockServer({ spec: 'test/fixtures/plantstore-crud.yaml', stateful: true });
    url = await mock.listen();
    ({ browser, page } = await launchChromium());
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await mock?.close();
  });

  it('shows the records of the selected session, updated live', async () => {
    const create = (session: string, body: string) =>
      fetch(`${url}/plants`, {
        method: 'POST',
        headers: { authorization: 'Bearer t', 'content-type': 'application/json', 'x-mock-session': session },
        body,
      });
    await create('other', '{"id": 1, "name": "Aloe vera"}');
    await page.goto(`${url}/__mock/`);
    await page.locator('#state-toggle').click();
    await page.locator('#state-session').fill('browser');
    await page.locator('#state-session').press('Enter');
    const rows = page.locator('.state-collection[data-path="/plants"] tbody tr');
    await expect.poll(() => page.locator('#state-summary').textContent(), { timeout: 10_000 }).toBe('Records of session browser');
    expect(await rows.count()).toBe(0);
    await create('browser', '{"id": 42, "name": "Ficus lyrata", "tag": "tree"}');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(1);
    expect(await rows.first().textContent()).toBe('42Ficus lyratatree');
  });
});
