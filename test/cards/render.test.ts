/**
 * Every card template, expanded with sample data, parsed and rendered by the official Adaptive
 * Cards renderer (the `adaptivecards` package) in headless Chromium — as a Teams client would.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { renderCard } from '../../src/channels/teams/cards';
import { describeInChromium, haveChromium, launchChromium } from '../support/chromium';
import { openCardPage, renderOnPage } from '../support/card-page';
import { sampleViews } from './samples';
import { digestView } from '../../src/features/digests/digest-view';

const SHOTS = path.resolve(__dirname, '../../test-results/cards');
/**
 * Screenshots the docs show (committed under docs/screens): written there with
 * UPDATE_DOC_SCREENS=1, else next to the others, so a test run leaves the repository as it was.
 */
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

const render = (card: Record<string, unknown>) => renderOnPage(page, card);

describeInChromium('cards in the official Adaptive Cards renderer (headless Chromium)', () => {
  const views = sampleViews();

  for (const [name, view] of Object.entries(views)) {
    it(`renders ${name} without errors`, async () => {
      const result = await render(renderCard(view));
      expect(result.ok).toBe(true);
      expect(result.parseErrors).toEqual([]);
      expect(result.validationErrors).toEqual([]);
    });
  }

  it('shows the ticket, its comments and the agent buttons as a person would see them', async () => {
    const result = await render(renderCard(views['ticket-agent']));
    expect(result.text).toContain('VPN drops every 10 minutes');
    expect(result.text).toContain('Diego Siciliani');
    expect(result.buttons).toEqual(expect.arrayContaining(['Take over', 'Resolve']));
    mkdirSync(SHOTS, { recursive: true });
    await page.locator('#card').screenshot({ path: path.join(SHOTS, 'ticket-agent.png') });
  });

  it('gives the requester only the buttons a requester may use', async () => {
    const result = await render(renderCard(views['ticket-requester']));
    expect(result.buttons).not.toContain('Claim');
    expect(result.text).not.toContain('Do not tell the user yet');
  });

  it('renders the new-ticket form with its inputs and errors', async () => {
    const result = await render(renderCard(views['new-ticket-form-errors']));
    expect(result.text).toContain('Title is required.');
    expect(result.buttons).toContain('Create ticket');
    await page.locator('#card').screenshot({ path: path.join(SHOTS, 'new-ticket-form.png') });
  });

  it('renders the new conversation cards as a person would see them (screenshots in test-results/cards)', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const shots: [string, (r: Awaited<ReturnType<typeof render>>) => void][] = [
      ['ticket-take-over', (r) => expect(r.buttons).toEqual(['Take over from Diego Siciliani', 'Leave it with Diego Siciliani'])],
      ['ticket-unchanged', (r) => expect(r.text).toContain('Already High — nothing changed.')],
      ['ticket-requester-resolved', (r) => expect(r.buttons).toEqual(['Comment', 'Reopen', 'Refresh'])],
      ['reopen-form', (r) => expect(r.buttons).toContain('Reopen')],
      ['edit-form-agent', (r) => expect(r.text).toContain('Category')],
      ['edit-form-requester', (r) => expect(r.text).not.toContain('Category')],
      ['ticket-people-link', (r) => (expect(r.text).toContain('Diego Siciliani'), expect(r.text).not.toContain('diegos@example.com'))],
      ['notice-requester-resolved', (r) => (expect(r.buttons).toEqual(['Comment', 'View', 'Reopen']), expect(r.text).toContain('Resolution: Gateway keep-alive'))],
      ['notice-agent-unassigned', (r) => (expect(r.buttons).toEqual(['Claim', 'View']), expect(r.text).toContain('order the 14" model'))],
      ['ticket-list-row-updated', (r) => (expect(r.text).toContain('Claimed by Megan Bowen.'), expect(r.buttons).toEqual(['Show', 'Show']))],
      ['comment-offer', (r) => expect(r.buttons).toEqual(['Add as comment on #42', 'File as a new ticket'])],
    ];
    for (const [name, check] of shots) {
      const result = await render(renderCard(views[name]));
      check(result);
      await page.locator('#card').screenshot({ path: path.join(SHOTS, `${name}.png`) });
    }
  });

  it('shows SLA clocks readably on white and the site column in line with the other facts (docs/screens/ticket-clocks-site-column.png)', async () => {
    const result = await render(renderCard(views['ticket-agent-clocks-site-column']));
    expect(result.text).toContain('Location');
    // The contrast of each clock line against the card's white, as WCAG counts it: at least 4.5 : 1.
    const contrasts = await page.evaluate(() => {
      const lum = (css: string) => {
        const [r, g, b] = (css.match(/\d+(\.\d+)?/g) ?? ['0', '0', '0']).slice(0, 3).map(Number).map((v) => {
          const c = v / 255;
          return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      const blocks = Array.from(document.querySelectorAll('#card .ac-textBlock')).filter((e) => /response|resolution/i.test(e.textContent ?? ''));
      return blocks.map((e) => ({ text: e.textContent, ratio: 1.05 / (lum(getComputedStyle(e).color) + 0.05) }));
    });
    expect(contrasts.length).toBeGreaterThanOrEqual(2);
    for (const c of contrasts) expect(c.ratio, c.text ?? '').toBeGreaterThanOrEqual(4.5);
    // The site column's value starts where the priority's does: one column of facts.
    const lefts = await page.evaluate(() => {
      const cells = Array.from(document.querySelectorAll('#card .ac-factset td, #card .ac-factset .ac-fact-value, #card table td'));
      const left = (text: string) => cells.find((c) => (c.textContent ?? '').trim() === text)?.getBoundingClientRect().left;
      return { priority: left('High'), location: left('HQ') };
    });
    expect(lefts.location).toBeDefined();
    expect(lefts.location).toBe(lefts.priority);
    mkdirSync(DOC_SHOTS, { recursive: true });
    await page.locator('#card').screenshot({ path: path.join(DOC_SHOTS, 'ticket-clocks-site-column.png') });
  });

  it('lays out the sla answer line by line, plain rather than green (docs/screens/sla-answer.png)', async () => {
    const result = await render(renderCard(views['sla-answer']));
    const lines = await page.evaluate(() => Array.from(document.querySelectorAll('#card .ac-textBlock')).map((e) => (e as HTMLElement).innerText.trim()));
    expect(lines.filter((l) => /^(SLA of|First response|Resolution)/.test(l))).toHaveLength(3);
    expect(result.text).toContain('First response');
    mkdirSync(DOC_SHOTS, { recursive: true });
    await page.locator('#card').screenshot({ path: path.join(DOC_SHOTS, 'sla-answer.png') });
    // The csat report the same way: a heading, then its lines.
    const csat = await render(renderCard(views['csat-report']));
    expect(csat.ok).toBe(true);
    await page.locator('#card').screenshot({ path: path.join(DOC_SHOTS, 'csat-report.png') });
  });

  it('renders a channel digest with its figures, the oldest unassigned and the answered questions (docs/screens/digest.png)', async () => {
    const now = Date.UTC(2026, 10, 27, 8, 0);
    const waiting = (id: number, title: string, hours: number) => ({
      id, etag: '"1"', title, description: '', status: 'New', priority: 'Normal', category: 'Hardware',
      requesterEmail: 'adelev@example.com', requesterName: 'Adele Vance', assigneeEmail: '', assigneeName: '',
      created: new Date(now - hours * 3600_000).toISOString(), modified: new Date(now - hours * 3600_000).toISOString(),
    });
    const figures = {
      openByStatus: [{ status: 'New', count: 4 }, { status: 'In Progress', count: 6 }, { status: 'Waiting', count: 2 }],
      openTotal: 12, newSince: 5, resolvedSince: 7, unassignedTotal: 2,
      unassigned: [waiting(20, 'Printer on 3rd floor jams', 30), waiting(21, 'VPN drops every hour', 6)],
      sla: { breached: 1, dueToday: 3 }, answered: { questions: 4, filed: 5 },
    };
    const view = digestView(figures, { since: now - 86_400_000, basis: 'last' }, 'Europe/Berlin', 'en');
    const result = await render(renderCard({ type: 'screen', screen: view }));
    expect(result.ok).toBe(true);
    expect(result.text).toContain('Printer on 3rd floor jams');
    expect(result.text).toContain('Answered without a ticket');
    mkdirSync(DOC_SHOTS, { recursive: true });
    await page.locator('#card').screenshot({ path: path.join(DOC_SHOTS, 'digest.png') });
  });
});
