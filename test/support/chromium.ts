/**
 * Debian's Chromium for the tests that render cards as a Teams client would (the official
 * Adaptive Cards renderer) and for the Playground end-to-end driver.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { beforeEach, describe } from 'vitest';
import { inCi } from './ci';

export { inCi };

export const CHROMIUM = '/usr/bin/chromium';
export const haveChromium = existsSync(CHROMIUM);

/** The official renderer's browser build (it loads in a page, not from compiled Node code). */
export const RENDERER = fileURLToPath(new URL('../../node_modules/adaptivecards/dist/adaptivecards.min.js', import.meta.url));
export const RENDERER_STYLES = fileURLToPath(new URL('../../node_modules/adaptivecards/dist/adaptivecards.css', import.meta.url));

/** Headless Chromium as the tests run it (no sandbox in a container, no network of its own). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-gpu', '--no-first-run', '--disable-component-update', '--disable-sync'],
  });
}

/**
 * A describe block that needs Chromium: skipped, saying so, on a machine without it; under CI every
 * test in it fails with the reason instead (a browser test that cannot run hides a missing install).
 */
export function describeInChromium(title: string, body: () => void): void {
  if (!haveChromium && !inCi) console.warn(`Skipping "${title}": no Chromium at ${CHROMIUM} (apt-get install -y chromium)`);
  describe.skipIf(!haveChromium && !inCi)(title, () => {
    beforeEach(() => {
      if (!haveChromium) throw new Error(`CI=true and no Chromium at ${CHROMIUM}: "${title}" cannot run (apt-get install -y chromium)`);
    });
    body();
  });
}
