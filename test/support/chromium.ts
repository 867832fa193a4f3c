/**
 * Debian's chromium (scripts/install-chromium.sh) for the dashboard's real-browser tests: browsers
 * cannot be downloaded here. Without one the tests skip, except under CI, where they must run.
 */
import { existsSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/** Whether the browser tests skip: no chromium, and not under CI. */
export const skipBrowser = !existsSync(CHROMIUM) && process.env.CI !== 'true';

/** A headless chromium with one page, 1280 pixels wide (the screenshots' width). */
export async function launchChromium(height = 640): Promise<{ browser: Browser; page: Page }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS, timeout: 60_000 });
  return { browser, page: await browser.newPage({ viewport: { width: 1280, height } }) };
}
