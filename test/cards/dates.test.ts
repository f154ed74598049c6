/**
 * Dates on Teams cards are Adaptive Card DATE()/TIME() functions, which the client renders in the
 * viewer's own locale and time zone. Rendered here by the official renderer in headless Chromium
 * set to two different places, as two Teams clients would; the card's labels follow the reader.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { renderCard } from '../../src/channels/teams/cards';
import { describeInChromium, haveChromium, launchChromium, RENDERER } from '../support/chromium';
import { sampleViews } from './samples';

let browser: Browser;

beforeAll(async () => {
  if (!haveChromium) return;
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** The card's visible text, rendered by a client in `locale` and `timezoneId`. */
async function renderedText(card: Record<string, unknown>, locale: string, timezoneId: string): Promise<string> {
  const context = await browser.newContext({ locale, timezoneId });
  try {
    const page = await context.newPage();
    await page.setContent('<html><body><div id="card" style="width: 480px"></div></body></html>');
    await page.addScriptTag({ path: RENDERER });
    return await page.evaluate((json) => {
      const AC = (window as any).AdaptiveCards;
      const adaptive = new AC.AdaptiveCard();
      adaptive.parse(json);
      const host = document.getElementById('card')!;
      host.appendChild(adaptive.render());
      return host.innerText;
    }, card);
  } finally {
    await context.close();
  }
}

describeInChromium('card dates in the reader time zone (official Adaptive Cards renderer)', () => {
  const views = sampleViews();
  const german = sampleViews('de-DE');

  it('carries DATE()/TIME() on the RFC 3339 timestamp (seconds, Z) instead of a UTC text', () => {
    const json = JSON.stringify(renderCard(views['ticket-agent']));
    expect(json).toContain('{{DATE(2026-11-22T14:05:00Z, SHORT)}} {{TIME(2026-11-22T14:05:00Z)}}');
    expect(json).toContain('{{DATE(2026-11-20T09:14:00Z, SHORT)}}');
    expect(json).not.toMatch(/\d{4} \d{2}:\d{2} UTC/);
  });

  it('shows a German reader in Berlin the date and time of Berlin, in German, with German labels', async () => {
    const text = await renderedText(renderCard(german['ticket-agent']), 'de-DE', 'Europe/Berlin');
    expect(text).not.toContain('{{');
    // 22 Nov 2026 14:05 UTC is 15:05 in Berlin (CET).
    expect(text).toMatch(/22\. Nov\. 2026\s+15:05/);
    expect(text).toContain('Aktualisiert');
    expect(text).toContain('Priorität');
    expect(text).not.toContain('Updated');
  });

  it('shows an English reader in New York the same moment in New York time', async () => {
    const text = await renderedText(renderCard(views['ticket-agent']), 'en-US', 'America/New_York');
    expect(text).not.toContain('{{');
    // 14:05 UTC is 9:05 AM in New York (EST).
    expect(text).toMatch(/Nov 22, 2026\s+9:05\s?AM/);
    expect(text).toContain('Updated');
  });

  it('puts the reader time into each comment heading and each ticket-list line', async () => {
    const ticketText = await renderedText(renderCard(german['ticket-agent']), 'de-DE', 'Europe/Berlin');
    // Comments are at 2026-11-21T1x:00:00Z: an hour later in Berlin.
    expect(ticketText).toMatch(/21\. Nov\. 2026\s+1\d:00/);
    const found = Object.values(german).find((v) => v.type === 'ticket-list');
    if (found?.type !== 'ticket-list') throw new Error('no ticket-list sample');
    const listText = await renderedText(renderCard(found), 'de-DE', 'Europe/Berlin');
    expect(listText).not.toContain('{{');
    expect(listText).not.toMatch(/\d{4} \d{2}:\d{2} UTC/);
    expect(listText).toMatch(/aktualisiert \S*,? ?22\. Nov\. 2026\s+15:05/);
  });
});
