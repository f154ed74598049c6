/**
 * Takes the routing and report screenshots under docs/screens/ in the Agents Playground, as Alex
 * Wilber (the Playground's user, a demo agent): `routing` (the rules in words, who is available
 * and why not, today's assignments, the queue), `away` with its offer to hand Alex's open tickets
 * over and the hand-over's answer, `back`, and `report` (charts as the Playground draws them, or
 * their fallback). Run through scripts/e2e-playground.sh with
 * PLAYGROUND_DRIVER=test/e2e/playground-routing-screens.ts HELPDESK_ROUTING_FILE=examples/routing.json.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
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

/** A screenshot with the last match of `pattern` (or the element) at the top, middle or bottom of the view. */
async function shotOfLast(page: Page, pattern: RegExp | Locator, name: string, block: 'start' | 'center' | 'end' = 'start'): Promise<void> {
  const last = pattern instanceof RegExp ? page.getByText(pattern).last() : pattern;
  await last.waitFor({ timeout: 30000 });
  await page.waitForTimeout(1500);
  await last.evaluate((el, at) => el.scrollIntoView({ block: at }), block);
  await page.waitForTimeout(500);
  await page.screenshot({ path: path.join(shots, `${name}.png`) });
}

/** What the Playground drew for the report's charts: how many Chart.* elements became a chart, how many their fallback. */
async function chartsDrawn(page: Page): Promise<string> {
  return page.evaluate(() => {
    const drawn = document.querySelectorAll('.ac-adaptiveCard svg, .ac-adaptiveCard canvas').length;
    const text = Array.from(document.querySelectorAll('.ac-adaptiveCard'), (c) => c.textContent ?? '').join(' ');
    // The volume chart's fallback is facts per day ("2 opened · 0 resolved").
    return `charts drawn: ${drawn}; volume fallback shown: ${/\d+ opened · \d+ resolved/.test(text)}`;
  });
}

const browser = await launchChromium();
const page = await browser.newPage({ viewport: { width: 1100, height: 1000 } });
try {
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(2000);
  await send(page, 'routing');
  await shotOfLast(page, /^Routing/, 'routing-playground');
  step('routing');
  await send(page, 'away until tomorrow');
  const hand = page.getByRole('button', { name: /Hand over \d+ tickets?/ }).last();
  await hand.waitFor({ timeout: 20000 });
  await shotOfLast(page, hand, 'away-offer-playground', 'end');
  step('away, with its offer');
  await hand.click();
  // The click's answer takes the offer's place: the message typed above it, the hand-over below.
  await shotOfLast(page, /Handed over \d+ of your \d+ open tickets/, 'away-playground', 'center');
  step('the hand-over');
  await send(page, 'back');
  await page.getByText(/Welcome back/).last().waitFor({ timeout: 20000 });
  step('back');
  await send(page, 'report');
  await shotOfLast(page, /^Report: the last 30 days/, 'report-playground');
  step(`report (${await chartsDrawn(page)})`);
  // Further down: the statuses' donut, the oldest tickets with Show, response times, the SLA gauge.
  await shotOfLast(page, /^Backlog now/, 'report-playground-backlog');
  await shotOfLast(page, /^Response \(/, 'report-playground-response');
  step('report, further down');
} finally {
  await browser.close();
}
