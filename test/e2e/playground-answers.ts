/**
 * Takes docs/screens/answers-offer-long.png in the Agents Playground: an agent adds an answer with
 * a long, many-line text through the answer form, then words that match it are typed in the
 * personal chat, and the offer is photographed (the whole answer, its bold title, a short
 * "This solved it" under it). Run through scripts/e2e-playground.sh with
 * PLAYGROUND_DRIVER=test/e2e/playground-answers.ts.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium } from '../support/chromium';

const url = process.argv[2] ?? 'http://127.0.0.1:56150';
const shots = path.resolve('docs/screens');
mkdirSync(shots, { recursive: true });
const step = (s: string) => process.stdout.write(`STEP ${s}\n`);

/** The answer: one long first line, then the steps, as a desk writes it. */
const ANSWER = {
  name: 'outlook-password',
  title: 'Outlook keeps asking for your password',
  body: [
    'Outlook asks again when the password it keeps in Windows Credential Manager is out of date, for instance after you changed your password on another device or after a reset by the desk.',
    'Close Outlook completely, including the icon next to the clock.',
    'Open Credential Manager from the Start menu and choose Windows Credentials.',
    'Remove every entry whose name starts with MicrosoftOffice16 or contains outlook.office365.com.',
    'Start Outlook again and sign in once with your current password.',
    'If the prompt comes back within a day, reply here with a screenshot of it and we will look at your mailbox.',
  ].join('\n'),
  phrases: 'outlook keeps asking for my password\noutlook password prompt',
};

async function send(page: Page, text: string): Promise<void> {
  const box = page.locator('[data-lexical-editor="true"][role="textbox"]').first();
  await box.click();
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

const browser = await launchChromium();
const page = await browser.newPage({ viewport: { width: 1100, height: 1300 } });
try {
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(2000);
  await send(page, `answers add ${ANSWER.name}`);
  const save = page.getByRole('button', { name: 'Save', exact: true }).last();
  await save.waitFor({ timeout: 20000 });
  await page.getByLabel('Title').last().fill(ANSWER.title);
  await page.getByLabel('Text requesters read').last().fill(ANSWER.body);
  await page.getByLabel('Phrases people would type, one per line').last().fill(ANSWER.phrases);
  await save.click();
  await page.getByText(/Answer “outlook-password” added/).last().waitFor({ timeout: 20000 });
  step('answer added');
  await send(page, 'Outlook keeps asking me for my password');
  const last = page.getByText(/If the prompt comes back within a day/).last();
  await last.waitFor({ timeout: 30000 });
  await page.waitForTimeout(1500);
  // The whole offer in view: its intro at the top, its last button at the bottom.
  await page.getByText(/This answer may help before you file a ticket/).last().scrollIntoViewIfNeeded();
  await page.getByRole('button', { name: 'File the ticket' }).last().scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(shots, 'answers-offer-long.png') });
  step('answers offer with a long answer');
} catch (error) {
  // What the page showed when a step failed, for whoever reads the run's results.
  await page.screenshot({ path: path.resolve('test-results/playground/answers-failed.png'), fullPage: true });
  throw error;
} finally {
  await browser.close();
}
