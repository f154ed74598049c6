/**
 * The digest as each platform shows it, in English and German: the Teams card in the official
 * Adaptive Cards renderer (headless Chromium), the Slack message as its blocks. With
 * UPDATE_DOC_SCREENS=1 the card's screenshot and both platforms' JSON are written to docs/screens
 * as digest-*-<DIGEST_SCREENS_STAGE>-<lang> (the before/after pairs of the move to elements).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInChromium, haveChromium, launchChromium } from '../../support/chromium';
import { openCardPage, renderOnPage } from '../../support/card-page';
import { sampleDigest, SAMPLE_FIGURES, slackDigestMessage, teamsDigestCard } from './digest-sample';

const UPDATE = process.env.UPDATE_DOC_SCREENS === '1';
const STAGE = process.env.DIGEST_SCREENS_STAGE ?? 'after';
const OUT = path.resolve(__dirname, UPDATE ? '../../../docs/screens' : '../../../test-results/digest-screens');

let browser: Browser;
let page: Page;

beforeAll(async () => {
  if (!haveChromium) return;
  browser = await launchChromium();
  page = await openCardPage(browser);
});

afterAll(async () => {
  await browser?.close();
});

describeInChromium('the digest on both platforms', () => {
  const cases: [string, string[], string][] = [
    ['en', ['Help-desk digest', 'Printer on 3rd floor jams', 'Answered without a ticket', '2 more unassigned tickets not shown'], 'Claim'],
    ['de', ['Helpdesk-Zusammenfassung', 'VPN drops every hour', 'Ohne Ticket beantwortet'], 'Übernehmen'],
  ];
  for (const [lang, words, claim] of cases) {
    it(`renders the ${lang} digest as a Teams card and a Slack message with every figure and row`, async () => {
      const view = sampleDigest(lang);
      const card = teamsDigestCard(view);
      const slack = slackDigestMessage(view);
      const result = await renderOnPage(page, card);
      expect(result.ok).toBe(true);
      expect(result.parseErrors).toEqual([]);
      expect(result.validationErrors).toEqual([]);
      for (const w of words) expect(result.text).toContain(w);
      expect(result.buttons).toContain(claim);
      expect(JSON.stringify(slack.blocks)).toContain('VPN drops every hour');
      mkdirSync(OUT, { recursive: true });
      writeFileSync(path.join(OUT, `digest-teams-${STAGE}-${lang}.json`), `${JSON.stringify(card, null, 2)}\n`);
      writeFileSync(path.join(OUT, `digest-slack-${STAGE}-${lang}.json`), `${JSON.stringify(slack, null, 2)}\n`);
      await page.locator('#card').screenshot({ path: path.join(OUT, `digest-${STAGE}-${lang}.png`) });
    });
  }

  it('shows a weekly digest\'s charts as their numbers where the client cannot draw them (docs/screens/digest-weekly-en.png)', async () => {
    const start = Date.UTC(2026, 10, 20, 23);
    const week = {
      zone: 'Europe/Berlin', from: start, to: start + 6 * 86_400_000 + 9 * 3_600_000,
      days: [3, 5, 2, 4, 6, 0, 1].map((opened, i) => ({ start: start + i * 86_400_000, date: `2026-11-${21 + i}`, opened, resolved: [2, 4, 3, 3, 5, 1, 0][i] })),
      ages: { under1d: 3, days1to3: 4, days3to7: 3, over7d: 2 },
    };
    const card = teamsDigestCard(sampleDigest('en', { ...SAMPLE_FIGURES, week }));
    const result = await renderOnPage(page, card);
    expect(result.ok).toBe(true);
    // The renderer knows no Chart.* element: it says so for each and uses its fallback; nothing else is amiss.
    expect(result.parseErrors).toHaveLength(2);
    expect(result.parseErrors.every((e) => /Chart\./.test(e))).toBe(true);
    expect(result.validationErrors).toEqual([]);
    for (const w of ['Opened and resolved per day, last 7 days', '6 opened · 5 resolved', 'Open tickets by age', 'Over 7 days']) expect(result.text).toContain(w);
    mkdirSync(OUT, { recursive: true });
    await page.locator('#card').screenshot({ path: path.join(OUT, 'digest-weekly-en.png') });
  });
});
