/**
 * The same flows in English and in German through the command layer and the notification
 * routing: German text where a German string exists, English command words still typed, and an
 * unknown language read as English.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch, handleText } from '../../src/commands';
import type { Reply } from '../../src/commands/types';
import { VERBS } from '../../src/core/verbs';
import { route } from '../../src/notify/routing';
import { savedLaterText } from '../../src/commands/saved-later';
import { commentEvent, ticketEvents } from '../../src/notify/detect';
import type { View } from '../../src/views/types';
import { DANA, RIA, context, helpdesk } from '../commands/context';
import { AGENT, comment, REQUESTER, sub, ticket } from '../notify/builders';
import { leftoverEnglish } from './leftover';
import { startHelpdeskStack, type HelpdeskStack } from '../support/helpdesk-stack';

function as<T extends View['type']>(reply: Reply, type: T): Extract<View, { type: T }> {
  expect(reply.view.type).toBe(type);
  return reply.view as Extract<View, { type: T }>;
}

async function scene() {
  const desk = await helpdesk();
  const t = desk.seedTicket({ title: 'Drucker druckt nicht', submittedByEmail: RIA.email, submittedByName: RIA.name, created: '2026-11-22T14:05:00Z', modified: '2026-11-22T14:05:00Z' });
  return { desk, id: t.id };
}

const german = (locale = 'de-DE') => ({ locale });

describe('help', () => {
  it('reads German for a German reader, with the English command words to type', async () => {
    const { desk } = await scene();
    const help = as(await handleText({ ...context(desk, DANA), ...german() }, 'help'), 'help').help;
    expect(help.title).toBe('Helpdesk');
    expect(help.intro).toContain('Als Agent können Sie');
    const claim = help.groups.flatMap((g) => g.commands).find((c) => c.name === 'claim');
    expect(claim).toEqual({ name: 'claim', description: 'Ein Ticket mir selbst zuweisen', example: 'z. B. claim 21' });
    expect(help.groups.map((g) => g.title)).toEqual(['Hilfe anfragen und verfolgen', 'Für Sie', 'Tickets bearbeiten', 'Benachrichtigungen dieses Kanals']);
    expect(help.actions.map((a) => a.title)).toEqual(['Neues Ticket', 'Meine Tickets', 'Warteschlange']);
    expect(help.locale).toBe('de');
    expect(leftoverEnglish(JSON.stringify(help))).toEqual([]);
  });

  it('reads English for an English reader and for a language without a catalog', async () => {
    const { desk } = await scene();
    for (const locale of ['en-US', 'fr-FR', undefined]) {
      const help = as(await handleText({ ...context(desk, RIA), locale }, 'help'), 'help').help;
      expect(help.title).toBe('Help desk');
      expect(help.groups.flatMap((g) => g.commands).find((c) => c.name === 'mine')?.description).toBe('My open tickets, then recently resolved ones');
    }
  });
});

describe('errors', () => {
  it('explains a mistyped command in German, showing the English usage line', async () => {
    const { desk } = await scene();
    const de = { ...context(desk, DANA), ...german() };
    const parse = as(await handleText(de, 'claim abc'), 'error').error;
    expect(parse).toEqual({ message: '„abc“ ist keine Ticketnummer.', usage: 'claim <ticket id>', usageLabel: 'Verwendung:' });
    const unknown = as(await handleText(de, 'frobnicate', undefined), 'error').error;
    expect(unknown.message).toMatch(/^„frobnicate“ kenne ich nicht\. Versuchen Sie `help`\. Befehle: help, new, /);
  });
});

describe('errors from the help-desk service (embedded site over HTTP)', () => {
  let stack: HelpdeskStack;
  beforeAll(async () => {
    stack = await startHelpdeskStack({ seed: 'demo' });
  });
  afterAll(() => stack.close());
  const agent = { email: 'alexw@example.com', name: 'Alex Wilber' };
  const requester = { email: 'new.person@example.com', name: 'New Person' };
  const ctxFor = (actor: typeof agent, locale?: string) => ({ ...context(stack.helpdesk as never, actor, { kind: 'personal' }), locale });

  it("says what the service refused in the reader's language", async () => {
    expect(as(await handleText(ctxFor(agent, 'de-DE'), 'show 999999'), 'error').error.message).toBe('Ticket #999999 wurde nicht gefunden.');
    expect(as(await handleText(ctxFor(agent), 'show 999999'), 'error').error.message).toBe('Ticket #999999 was not found.');
    expect(as(await handleText(ctxFor(requester, 'de'), 'show 1'), 'error').error.message).toBe('Ticket #1 wurde nicht gefunden oder gehört nicht Ihnen.');
    const refused = await dispatch(ctxFor(requester, 'de'), { verb: VERBS.claim, ticketId: 1 });
    expect(as(refused, 'error').error.message).toBe('Nur Helpdesk-Agents können Tickets übernehmen.');
    const invalid = await dispatch(ctxFor(requester, 'de'), { verb: VERBS.create, values: { title: 'x'.repeat(300) } });
    expect(as(invalid, 'form').form.errors[0].message).toBe('Ein Titel darf höchstens 255 Zeichen lang sein; dieser Text hat 300.');
  });
});

describe('the ticket card', () => {
  it('shows German buttons, labels and a UTC date, and keeps stored values and ISO times', async () => {
    const { desk, id } = await scene();
    const ticketView = as(await handleText({ ...context(desk, DANA), ...german() }, `show ${id}`), 'ticket').ticket;
    expect(ticketView.locale).toBe('de');
    expect(ticketView.status).toBe('New');
    expect(ticketView.statusLabel).toBe('Neu');
    expect(ticketView.priorityLabel).toBe('Normal');
    expect(ticketView.created).toBe('2026-11-22T14:05:00Z');
    expect(ticketView.createdText).toBe('22. Nov. 2026, 14:05 UTC');
    expect(ticketView.actions.map((a) => a.title)).toEqual(expect.arrayContaining(['Übernehmen', 'Zuweisen', 'Lösen', 'Interne Notiz', 'Als Hoch markieren']));
    expect(leftoverEnglish(JSON.stringify(ticketView))).toEqual([]);
    const english = as(await handleText(context(desk, DANA), `show ${id}`), 'ticket').ticket;
    expect(english.createdText).toBe('22 Nov 2026 14:05 UTC');
    expect(english.actions.map((a) => a.title)).toEqual(expect.arrayContaining(['Claim', 'Assign', 'Resolve', 'Mark High']));
  });

  it('runs the English command word for a German reader and says what happened in German', async () => {
    const { desk, id } = await scene();
    const reply = await handleText({ ...context(desk, DANA), ...german() }, `claim ${id}`);
    expect(as(reply, 'ticket').ticket.notice?.text).toBe('Übernommen von Dana Agent.');
  });
});

describe('the new-ticket form', () => {
  it('is titled and checked in German, its values kept as typed', async () => {
    const { desk } = await scene();
    const de = { ...context(desk, RIA, { kind: 'personal' }), ...german() };
    const form = as(await handleText(de, 'new VPN geht nicht'), 'form').form;
    expect(form).toMatchObject({ locale: 'de', title: 'Neues Ticket', values: { title: 'VPN geht nicht' } });
    const refused = as(await dispatch(de, { verb: VERBS.create, values: { title: '', priority: 'Sofort' } }), 'form').form;
    expect(refused.errors).toEqual([
      { field: 'title', message: 'Ein Titel ist erforderlich: Beschreiben Sie in wenigen Worten, was nicht stimmt.' },
      { field: 'priority', message: '„Sofort“ ist keine Priorität. Wählen Sie eine von: Low, Normal, High, Urgent.' },
    ]);
    const filed = await dispatch(de, { verb: VERBS.create, values: { title: 'VPN geht nicht' } });
    expect(as(filed, 'ticket').ticket.notice?.text).toMatch(/^Ticket #\d+ angelegt\. Ich halte Sie hier auf dem Laufenden\.$/);
  });
});

describe('notifications', () => {
  const assigned = ticket({ id: 12, title: 'Drucker', status: 'In Progress', assignedTo: AGENT, priority: 'High' });
  const set = () => ({ key: 'ticket:12:e', ticket: assigned, events: ticketEvents(assigned, { id: 12, status: 'New', assignedTo: AGENT, priority: 'High', etag: '"e,0"', modified: '' }), at: assigned.modified });

  it('writes a DM in the language its reader last used, else HELPDESK_LOCALE', () => {
    const base = { subscriptions: [], posted: [], muted: new Set<string>(), highPriorities: ['High'] };
    const [de] = route(set(), { ...base, personLocales: new Map([[REQUESTER, 'de-DE']]) }).filter((t) => t.type === 'person');
    expect(de).toMatchObject({ email: REQUESTER, locale: 'de-DE', text: 'Ihr Ticket #12 "Drucker" hat jetzt den Status In Bearbeitung.' });
    const [en] = route(set(), base).filter((t) => t.type === 'person');
    expect(en).toMatchObject({ text: 'Your ticket #12 "Drucker" is now In Progress.' });
    const [fallback] = route(set(), { ...base, defaultLocale: 'de' }).filter((t) => t.type === 'person');
    expect(fallback.type === 'person' && fallback.text).toContain('hat jetzt den Status');
  });

  it("writes a channel's card and thread lines in the channel's language", () => {
    const c = comment({ ticketId: 12, authorEmail: REQUESTER, authorName: 'Ria', body: 'Geht wieder' });
    const base = { subscriptions: [sub('slack', 'C1', { kind: 'all' })], muted: new Set<string>(), highPriorities: ['High'] };
    const posted = [{ platform: 'slack' as const, conversationId: 'C1', ticketId: 12, messageId: '1.1' }];
    const targets = route(set(), { ...base, posted, conversationLocales: new Map([['slack:C1', 'de']]) });
    expect(targets.find((t) => t.type === 'channel')).toMatchObject({ locale: 'de', line: 'Status: Neu → In Bearbeitung' });
    const line = route({ key: 'c', ticket: assigned, events: [commentEvent(c, assigned)], at: c.created }, { ...base, posted });
    expect(line.find((t) => t.type === 'channel')).toMatchObject({ locale: 'en', line: '💬 Ria: Geht wieder' });
  });
});

describe('the "it was saved" message', () => {
  it('tells the person later, in their language, what was saved', async () => {
    const { desk, id } = await scene();
    const reply = await handleText({ ...context(desk, DANA), ...german() }, `claim ${id}`);
    expect(savedLaterText(reply, 'de-DE')).toBe(`Ihre Änderung an #${id} wurde gespeichert: Übernommen von Dana Agent. Ich konnte Ihnen das Ergebnis damals nicht zeigen; Sie müssen sie also nicht erneut senden.`);
    expect(savedLaterText({ view: { type: 'text', text: '' }, visibility: 'private' })).toMatch(/^Your change was saved\./);
  });
});

describe('free text in a personal chat', () => {
  it('answers a German greeting or thanks in German, and anything else with a German form', async () => {
    const { desk } = await scene();
    const de = { ...context(desk, RIA, { kind: 'personal' }), ...german() };
    expect(await handleText(de, 'Guten Morgen!')).toMatchObject({ view: { type: 'text', text: expect.stringMatching(/^Hallo Ria! Beschreiben Sie/) } });
    expect(await handleText(de, 'Danke schön')).toMatchObject({ view: { type: 'text', text: expect.stringMatching(/^Gern geschehen, Ria!/) } });
    expect(as(await handleText(de, 'Mein Drucker druckt nicht'), 'form').form).toMatchObject({ title: 'Neues Ticket', values: { title: 'Mein Drucker druckt nicht' } });
  });
});
