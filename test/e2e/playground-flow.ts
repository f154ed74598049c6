/** Drives the Agents Playground page in Chromium: help, new-ticket form, mine, claim, resolve. */
import { chromium } from 'playwright-core';

const URL = process.env.PLAYGROUND_URL ?? 'http://127.0.0.1:56150';
const OUT = 'test-results/playground';

async function main(): Promise<void> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-gpu', '--no-first-run', '--disable-component-update', '--disable-sync'],
  });
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const step = async (name: string, fn: () => Promise<void>): Promise<void> => {
    try {
      await fn();
      process.stdout.write(`STEP OK ${name}\n`);
    } finally {
      await page.screenshot({ path: `${OUT}/${name}.png`, fullPage: true });
    }
  };
  try {
    await step('01-open', async () => {
      await page.goto(URL, { waitUntil: 'networkidle' });
    });
    const send = async (text: string): Promise<void> => {
      const box = page.getByRole('textbox').last();
      await box.fill(text);
      await box.press('Enter');
    };
    await step('02-help', async () => {
      await send('help');
      await page.getByText(/new/i).first().waitFor({ timeout: 20000 });
      await page.waitForTimeout(2000);
    });
    await step('03-new-form', async () => {
      await send('new Printer on floor 3 jams');
      await page.locator('input').filter({ hasText: '' }).first().waitFor({ timeout: 20000 });
      await page.waitForTimeout(2000);
    });
    const lastCard = () => page.locator('.ac-adaptiveCard').last();
    await step('04-create', async () => {
      await lastCard().locator('textarea').fill('Paper jams on every second page since this morning.');
      await lastCard().getByRole('button', { name: 'Create ticket' }).click();
      await page.getByText('Printer on floor 3 jams').nth(1).waitFor({ timeout: 20000 });
      await page.waitForTimeout(3000);
    });
    await step('05-mine', async () => {
      await send('mine');
      await page.waitForTimeout(4000);
      await lastCard().getByText('Printer on floor 3 jams').first().waitFor({ timeout: 20000 });
    });
    const id = (await lastCard().innerText()).match(/#(\d+)/)?.[1];
    if (!id) throw new Error('no ticket id in the mine list');
    await step('06-claim', async () => {
      await send(`claim ${id}`);
      await page.waitForTimeout(4000);
      await page.getByText(/Alex Wilber|alexw@example.com/).last().waitFor({ timeout: 20000 });
    });
    await step('07-resolve', async () => {
      await send(`resolve ${id} Cleared the paper path and replaced the roller.`);
      await page.waitForTimeout(4000);
      await page.getByText('Resolved').last().waitFor({ timeout: 20000 });
    });
  } finally {
    await browser.close();
  }
}

main().catch((err) => {
  process.stderr.write(`E2E FAILED: ${(err as Error).stack}\n`);
  process.exit(1);
});
