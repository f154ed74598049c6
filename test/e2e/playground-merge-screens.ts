/**
 * Takes the merge screenshots under docs/screens/ in the Agents Playground: a ticket filed that
 * repeats an open one gets "Looks like #n" and the Merge button; the button's confirm; the merge's
 * answer; then the duplicate's card (resolved, "Merged into #n") and the kept ticket's card with
 * the note naming who asked. Run through scripts/e2e-playground.sh with
 * PLAYGROUND_DRIVER=test/e2e/playground-merge-screens.ts HELPDESK_POLL_SECONDS=2.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium } from '../support/chromium';

const url = process.argv[2] ?? 'http://127.0.0.1:56150';
const shots = path.resolve('docs/screens');
mkdirSync(shots, { recursive: true });
const step = (s: string) => process.stdout.write(`STEP ${s}\n`);

async function send(page: Page, text: string): Promise<void> {
  const box = page.locator('[data-lexical-editor="true"][role="textbox"]').first();
  await box.click();
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

/** Files a ticket through the `new` form; its number. */
async function file(page: Page, title: string, description: string): Promise<string> {
  await send(page, `new ${title}`);
  const create = page.getByRole('button', { name: 'Create ticket' }).last();
  await create.waitFor({ timeout: 20000 });
  await page.getByLabel('Description').last().fill(description);
  await create.click();
  const filed = page.getByText(/Ticket #\d+ filed/).last();
  await filed.waitFor({ timeout: 20000 });
  await page.waitForTimeout(1000);
  const id = /Ticket #(\d+) filed/.exec(await page.getByText(/Ticket #\d+ filed/).last().innerText())?.[1];
  if (!id) throw new Error('no ticket number shown after filing');
  return id;
}

/** A screenshot with the last match of `pattern` in view. */
async function shotOfLast(page: Page, pattern: RegExp, name: string): Promise<void> {
  const last = page.getByText(pattern).last();
  await last.waitFor({ timeout: 30000 });
  await page.waitForTimeout(1500);
  await last.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(shots, `${name}.png`) });
}

const browser = await launchChromium();
const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
try {
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(2000);
  const kept = await file(page, 'Docking station screen flickers', 'Home office: the second monitor flickers every few minutes.');
  step(`filed #${kept}`);
  // The poller indexes it; the repeat filed after that finds it.
  await page.waitForTimeout(6000);
  const dup = await file(page, 'Docking station screen flickers again', 'Home office: the monitor flickers.');
  step(`filed #${dup}`);
  await shotOfLast(page, new RegExp(`Looks like #${kept}`), 'merge-looks-like');
  step('filing card with Looks like and the Merge button');
  await page.getByRole('button', { name: `Merge into #${kept}` }).last().click();
  await shotOfLast(page, new RegExp(`Merge #${dup} .*into #${kept}`), 'merge-confirm');
  step('the Merge button\'s confirm');
  await page.getByRole('button', { name: `Merge into #${kept}` }).last().click();
  await shotOfLast(page, new RegExp(`#${dup} is merged into #${kept}`), 'merge-done');
  step('merged');
  await send(page, `show ${dup}`);
  await shotOfLast(page, new RegExp(`Merged into #${kept}`), 'merged-duplicate');
  step('the duplicate after the merge');
  await send(page, `show ${kept}`);
  await shotOfLast(page, new RegExp(`Asked by .* in #${dup}`), 'merged-target');
  step('the ticket kept, with the note');
} finally {
  await browser.close();
}
