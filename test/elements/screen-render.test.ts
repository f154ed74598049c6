/**
 * Screens in the official Adaptive Cards renderer (headless Chromium), as a Teams client without
 * charts shows them (Teams on iOS, older clients): every element kind lays out, and each chart
 * shows its fallback, the same numbers under the chart's title.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { renderCard } from '../../src/channels/teams/cards';
import { screen } from '../../src/views/elements';
import { describeInChromium, haveChromium, launchChromium } from '../support/chromium';
import { openCardPage, renderOnPage } from '../support/card-page';
import { everyChart, everyElement } from './screen-samples';

const SHOTS = path.resolve(__dirname, '../../test-results/cards');
/** Written to docs/screens with UPDATE_DOC_SCREENS=1, else next to the others. */
const DOC_SHOTS = process.env.UPDATE_DOC_SCREENS === '1' ? path.resolve(__dirname, '../../docs/screens') : SHOTS;

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

const render = async (card: Record<string, unknown>) => {
  const r = await renderOnPage(page, card);
  return { ...r, events: r.parseErrors, invalid: r.validationErrors };
};

describeInChromium('screens in the official Adaptive Cards renderer', () => {
  it('lays out every element kind; charts it cannot draw show their numbers (docs/screens/screen-elements.png)', async () => {
    const result = await render(renderCard({ type: 'screen', screen: everyElement() }));
    expect(result.ok).toBe(true);
    // The renderer knows no Chart.* element: it says so and uses each chart's fallback, nothing else is amiss.
    expect(result.events.filter((e) => !/Chart\.(Pie|Donut)/.test(e))).toEqual([]);
    expect(result.invalid).toEqual([]);
    for (const t of ['How the desk is doing', '3 tickets breached their SLA.', 'Open', '#12 Printer on 3rd floor jams', 'and 3 more', 'Oldest tickets', 'Merge #12 into #10?', 'Agent', 'Open tickets by status', 'In Progress']) expect(result.text).toContain(t);
    expect(result.buttons).toEqual(expect.arrayContaining(['Show', 'Claim', 'Queue', 'Show report', 'Merge', 'Cancel', 'List all']));
    mkdirSync(DOC_SHOTS, { recursive: true });
    await page.locator('#card').screenshot({ path: path.join(DOC_SHOTS, 'screen-elements.png') });
  });

  it('shows every chart type as its fallback where charts are not drawn (docs/screens/screen-charts-fallback.png)', async () => {
    const charts = everyChart('de');
    const result = await render(renderCard({ type: 'screen', screen: screen(charts, { locale: 'de' }) }));
    expect(result.ok).toBe(true);
    expect(result.events.length).toBeGreaterThan(0);
    expect(result.events.every((e) => /Chart\./.test(e))).toBe(true);
    expect(result.invalid).toEqual([]);
    for (const c of charts) expect(result.text).toContain(c.title);
    expect(result.text).toContain('90th percentile');
    expect(result.text).toMatch(/87,5\s%/u);
    mkdirSync(DOC_SHOTS, { recursive: true });
    await page.locator('#card').screenshot({ path: path.join(DOC_SHOTS, 'screen-charts-fallback.png') });
  });
});
