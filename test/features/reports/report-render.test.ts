/**
 * The fixture desk's report (desk.ts) as its Teams card in the official Adaptive Cards renderer
 * (headless Chromium): the card parses and validates, and where charts are not drawn (this renderer,
 * Teams on iOS, older clients) every chart shows its numbers under its title. The Agents Playground
 * is not used: the renderer's screenshot stands for it (docs/screens/report-teams.png).
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { renderCard } from '../../../src/channels/teams/cards';
import { FEATURES, featureMigrations } from '../../../src/features';
import { readReport } from '../../../src/features/reports/report-read';
import { reportView } from '../../../src/features/reports/report-view';
import { createSqliteStore, type Store } from '../../../src/store';
import { describeInChromium, haveChromium, launchChromium } from '../../support/chromium';
import { openCardPage, renderOnPage } from '../../support/card-page';
import { openTestPolicy } from '../../support/feature-commands';
import { ALEX, MEGAN, NOW, seedDesk } from './desk';

const SHOTS = path.resolve(__dirname, '../../../test-results/cards');
/** Written to docs/screens with UPDATE_DOC_SCREENS=1, else next to the others. */
const DOC_SHOTS = process.env.UPDATE_DOC_SCREENS === '1' ? path.resolve(__dirname, '../../../docs/screens') : SHOTS;

const dir = mkdtempSync(path.join(tmpdir(), 'reports-render-'));
let store: Store;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  store = createSqliteStore({ dataDir: dir, features: featureMigrations(FEATURES) });
  await seedDesk(store, { sla: true });
  if (!haveChromium) return;
  browser = await launchChromium();
  page = await openCardPage(browser);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await store?.close();
  rmSync(dir, { recursive: true, force: true });
});

describeInChromium('the report in the official Adaptive Cards renderer', () => {
  it('validates, and shows every chart\'s numbers where charts are not drawn (docs/screens/report-teams.png)', async () => {
    const policy = (await openTestPolicy({
      timeZone: 'UTC',
      hours: { mon: [['08:00', '17:00']], tue: [['08:00', '17:00']], wed: [['08:00', '17:00']], thu: [['08:00', '17:00']], fri: [['08:00', '17:00']] },
      targets: { Normal: { firstResponse: '4h', resolution: '2d' } },
    })).current();
    const data = await readReport(await store.featureDatabase(), { days: 7, filter: { kind: 'all' }, now: NOW, zone: 'UTC', policy });
    const card = renderCard({ type: 'screen', screen: reportView(data, new Map([[MEGAN, 'Megan Bowen'], [ALEX, 'Alex Wilber']]), 'en') });
    const result = await renderOnPage(page, card as Record<string, unknown>);
    expect(result.ok).toBe(true);
    // The renderer knows no Chart.* element: it says so for each and uses its fallback; nothing else is amiss.
    expect(result.parseErrors.length).toBe(6);
    expect(result.parseErrors.every((e) => /Chart\./.test(e))).toBe(true);
    expect(result.validationErrors).toEqual([]);
    for (const text of [
      'Volume: 8 opened, 3 resolved', 'Opened and resolved per day', '2 opened · 2 resolved', 'Open tickets by age', 'Open tickets by status', 'In Progress',
      '#1 Ticket 1 printer', 'Response (in business hours, UTC)', 'Whole desk', '1 h 0 min / 1 h 42 min', 'SLA met', '1 of 2 resolved', '50%',
      'Open now and resolved per agent', 'Megan Bowen', 'Ratings (1 to 5)', '3.5/5 from 4 ratings', 'Answered without a ticket',
    ]) expect(result.text).toContain(text);
    expect(result.buttons.filter((b) => b === 'Show')).toHaveLength(3);
    mkdirSync(DOC_SHOTS, { recursive: true });
    await page.locator('#card').screenshot({ path: path.join(DOC_SHOTS, 'report-teams.png') });
  });
});
