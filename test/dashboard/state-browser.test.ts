import { describe, expect, it } from 'vitest';
import { skipBrowser } from '../support/chromium.js';
import { useDashboard } from '../support/dashboard.js';

describe.skipIf(skipBrowser)('dashboard state view in a real headless Chromium', () => {
  const dashboard = useDashboard({ spec: 'test/fixtures/plantstore-crud.yaml', stateful: true });

  it('shows the records of the selected session, updated live', async () => {
    const { page, url } = dashboard;
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
