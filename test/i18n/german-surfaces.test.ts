/**
 * Every card, list, form, notice and DM on both platforms, for a German reader, as the person
 * sees it: Teams cards expanded from their templates as the app does, Slack messages, modals and
 * the App Home as the builders make them. No visible string may be an English catalog text whose
 * German differs, and no date or person may appear in two forms on one surface.
 */
import { describe, expect, it } from 'vitest';
import { renderMessage } from '../../src/channels/slack/blocks/message';
import { formModal } from '../../src/channels/slack/blocks/modal';
import { renderCard } from '../../src/channels/teams/cards';
import type { View } from '../../src/views/types';
import type { CardClock } from '../../src/core/sla';
import { listWithClocks, withClocks } from '../../src/features/sla/clock-view';
import { sampleViews, ticket, vocabulary } from '../cards/samples';
import { mergedDmText, stormView } from '../../src/features/storms/storm-view';
import { screenMessage } from '../../src/channels/slack/blocks/screen';
import { digestView } from '../../src/features/digests/digest-view';
import { english, mixedPeople, plainDates, slackSurfaces, slackTexts, teamsTexts } from './german-texts';
/** Every state an SLA clock line can be in, on an agent's card and in an agent's list. */
const CLOCKS: CardClock[] = [
  { kind: 'firstResponse', state: 'running', at: Date.parse('2026-11-24T11:00:00Z') },
  { kind: 'resolution', state: 'warning', at: Date.parse('2026-11-24T15:00:00Z') },
  { kind: 'firstResponse', state: 'breached', at: Date.parse('2026-11-24T11:00:00Z') },
  { kind: 'resolution', state: 'paused' },
  { kind: 'firstResponse', state: 'met', at: Date.parse('2026-11-24T10:12:00Z') },
  { kind: 'resolution', state: 'missed', at: Date.parse('2026-11-24T15:00:00Z') },
];

function clockViews(samples: Record<string, View>): Record<string, View> {
  const card = samples['ticket-agent'];
  const list = samples['ticket-list'];
  if (card.type !== 'ticket' || list.type !== 'ticket-list') throw new Error('samples changed');
  return {
    'ticket-agent-clocks': { type: 'ticket', ticket: withClocks(card.ticket, CLOCKS) },
    'ticket-list-clocks': { type: 'ticket-list', list: listWithClocks(list.list, new Map(list.list.tickets.map((t) => [t.id, CLOCKS.slice(0, 3)]))) },
    // `sla <id>`: its times as the platforms' dates, the text spelling them out in UTC underneath.
    'sla-answer': {
      type: 'confirmation',
      confirmation: { message: 'Erste Antwort (30m): überschritten am 24. Nov. 2026, 11:00 UTC, vor 20 Min.', dates: [{ text: '24. Nov. 2026, 11:00 UTC', iso: '2026-11-24T11:00:00.000Z' }], actions: [] },
    },
  };
}

describe('a German reader sees German on every surface of both platforms', () => {
  const samples = sampleViews('de-DE');
  const views = Object.entries({ ...samples, ...clockViews(samples) });

  it('covers every card template and view kind', () => {
    expect(new Set(views.map(([, v]) => v.type))).toEqual(new Set(['ticket', 'ticket-list', 'form', 'help', 'confirmation', 'error', 'asset-list', 'text', 'notice']));
  });

  for (const [name, view] of views) {
    it(`${name}: Teams card`, () => {
      const texts = teamsTexts(renderCard(view, { refreshUserIds: ['29:a'] }));
      expect(texts.length).toBeGreaterThan(0);
      expect(english(texts), 'English catalog text').toEqual([]);
      expect(plainDates(texts), 'a date as text, not as the reader’s own date').toEqual([]);
      expect(mixedPeople(texts), 'a person by name and by address').toEqual([]);
    });

    it(`${name}: Slack`, () => {
      for (const [surface, body] of slackSurfaces(name, view)) {
        const texts = slackTexts(body);
        expect(english(texts), `English catalog text on ${surface}`).toEqual([]);
        expect(plainDates(texts), `a date as text on ${surface}`).toEqual([]);
        expect(mixedPeople(texts), `a person by name and by address on ${surface}`).toEqual([]);
      }
    });
  }

  it('names the site’s own columns in German where the catalogs do, with yes/no and the required mark in German', () => {
    const de = sampleViews('de-DE');
    const form = teamsTexts(renderCard(de['new-ticket-form-site-columns']));
    expect(form).toEqual(expect.arrayContaining(['Standort', 'Vor Ort', 'Dieses Feld ist erforderlich.']));
    expect(slackTexts(formModal((de['edit-form-site-columns'] as Extract<View, { type: 'form' }>).form))).toEqual(expect.arrayContaining(['Standort', 'Schritte']));
    const card = teamsTexts(renderCard(de['ticket-agent-site-columns']));
    expect(card).toEqual(expect.arrayContaining(['Standort', 'Branch office', 'Vor Ort', 'Ja', '31. Dez. 2026']));
    expect(slackTexts(renderMessage(de['ticket-agent-site-columns'])).join('\n')).toMatch(/Standort\nBranch office/);
  });

  it('the clock lines are German, around the platforms\' own dates', () => {
    const [, card] = Object.entries(clockViews(samples))[0];
    const texts = teamsTexts(renderCard(card, { refreshUserIds: ['29:a'] }));
    expect(texts).toContain('Erste Antwort fällig ⟨date⟩ ⟨date⟩');
    expect(texts).toContain('Lösung pausiert, solange gewartet wird');
    expect(JSON.stringify(renderMessage(card))).toContain('Erste Antwort überschritten seit <!date^');
  });

  it('a change storm: the summary on both platforms and the merged DM', () => {
    const tickets = Array.from({ length: 12 }, (_, i) => ticket({ id: i + 1, priority: i % 3 ? 'Normal' : 'High', status: i % 2 ? 'New' : 'In Progress' }));
    const view = stormView('s1', tickets, 'de-DE', vocabulary, 4);
    for (const [surface, texts] of [['Teams', teamsTexts(renderCard({ type: 'screen', screen: view }))], ['Slack', slackTexts(renderMessage({ type: 'screen', screen: view }))]] as const) {
      expect(texts.some((t) => t.includes('12 Tickets auf einmal geändert')), surface).toBe(true);
      expect(english(texts), `English catalog text on ${surface}`).toEqual([]);
      expect(plainDates(texts), `a date as text on ${surface}`).toEqual([]);
    }
    const dm = mergedDmText(Array.from({ length: 12 }, (_, i) => `Ticket ${i}`), 'de');
    expect(english(dm.split('\n'))).toEqual([]);
    expect(dm).toContain('und 2 weitere');
  });

  it('channel digest, weekly with its charts: Teams card and Slack message', () => {
    const figures = {
      openByStatus: [{ status: 'New', count: 2 }, { status: 'In Progress', count: 1 }], openTotal: 3, newSince: 1, resolvedSince: 2, unassignedTotal: 6,
      unassigned: [{ id: 4, etag: '"e,1"', title: 'Drucker', description: '', status: 'New', priority: 'High', category: 'Hardware', requesterEmail: 'pattif@example.com', requesterName: 'Patti Fernandez', assigneeEmail: '', assigneeName: '', created: '2026-11-20T10:00:00Z', modified: '2026-11-20T10:00:00Z' }],
      sla: { breached: 1, dueToday: 2 },
      week: {
        zone: 'Europe/Berlin', from: Date.parse('2026-11-17T23:00:00Z'), to: Date.parse('2026-11-24T08:00:00Z'),
        days: [...Array(7).keys()].map((i) => ({ start: Date.parse('2026-11-17T23:00:00Z') + i * 86_400_000, date: `2026-11-${18 + i}`, opened: i, resolved: 1 })),
        ages: { under1d: 1, days1to3: 0, days3to7: 1, over7d: 1 },
      },
    };
    const view = digestView(figures, { since: Date.parse('2026-11-23T08:00:00Z'), basis: 'last', lateSlot: Date.parse('2026-11-24T08:00:00Z') }, 'Europe/Berlin', 'de');
    expect(english(teamsTexts(renderCard({ type: 'screen', screen: view }))), 'English catalog text').toEqual([]);
    expect(english(slackTexts(screenMessage(view))), 'English catalog text').toEqual([]);
    expect(slackTexts(screenMessage(view)).join('\n')).toContain('Diese Zusammenfassung kommt verspätet');
    // The charts' fallbacks, as a client without charts reads them.
    expect(english(slackTexts(screenMessage(view, { charts: false }))), 'English catalog text').toEqual([]);
    expect(slackTexts(screenMessage(view, { charts: false })).join('\n')).toContain('Offene Tickets nach Alter');
  });

  it('finds English where it is (the check itself can fail)', () => {
    expect(english(['Assigned to', 'Hoch · Unassigned'])).toEqual(['Assigned to', 'Unassigned']);
    expect(plainDates(['aktualisiert 24 Nov 2026 20:10 UTC'])).toHaveLength(1);
    expect(mixedPeople(['Diego Siciliani', 'diegos@example.com'])).toEqual(['Diego Siciliani']);
  });
});
