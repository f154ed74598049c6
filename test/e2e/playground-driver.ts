/**
 * Drives the Agents Playground UI in headless Chromium: new-ticket form, mine, claim, resolve.
 * Run only inside scripts/e2e-playground.sh's private network namespace.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium } from '../support/chromium';

const url = process.argv[2] ?? 'http://127.0.0.1:56150';
const shots = path.resolve('test-results/playground');
mkdirSync(shots, { recursive: true });
const step = (s: string) => process.stdout.write(`STEP ${s}\n`);

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
}

async function send(page: Page, text: string): Promise<void> {
  // The compose box is a Lexical editor (contenteditable), so type into it like a person would.
  const box = page.locator('[data-lexical-editor="true"][role="textbox"]').first();
  await box.click();
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

const browser = await launchChromium();
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
try {
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(2000);
  await shot(page, '00-open');
  step('opened');
  await send(page, 'help');
  await page.getByText('What I can do', { exact: false }).first().waitFor({ timeout: 20000 });
  await shot(page, '01-help');
  step('help');
  const title = `Projector in room 4 flickers ${Date.now() % 100000}`;
  await send(page, `new ${title}`);
  const create = page.getByRole('button', { name: 'Create ticket' }).last();
  await create.waitFor({ timeout: 20000 });
  await page.getByLabel('Description').last().fill('The image flickers every few seconds since Monday.');
  await shot(page, '02-form');
  step('form-shown');
  await create.click();
  const filed = page.getByText(/Ticket #\d+ filed/).last();
  await filed.waitFor({ timeout: 20000 });
  await page.waitForTimeout(1500);
  await shot(page, '03-filed');
  const id = /Ticket #(\d+) filed/.exec(await filed.innerText())?.[1];
  if (!id) throw new Error('no ticket number shown after filing');
  step(`filed #${id}`);
  await send(page, 'mine');
  await page.getByText(/\d+ open, \d+ recently resolved|open/).last().waitFor({ timeout: 20000 });
  await page.waitForTimeout(1000);
  await shot(page, '04-mine');
  const mine = await page.locator('body').innerText();
  if (!mine.includes(title)) throw new Error('the new ticket is not in "mine"');
  step('mine');
  await send(page, `claim ${id}`);
  await page.getByText('Claimed by Alex Wilber').last().waitFor({ timeout: 20000 });
  await shot(page, '05-claimed');
  step('claim');
  await send(page, `resolve ${id} Replaced the projector lamp`);
  await page.getByText('Resolved by Alex Wilber').last().waitFor({ timeout: 20000 });
  await shot(page, '06-resolved');
  step('resolve');
} finally {
  await browser.close();
}
