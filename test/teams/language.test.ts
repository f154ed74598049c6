/**
 * The same Teams flows in English and German through the real server and the Bot Connector
 * stand-in: the activity's `locale` picks the language of everything the channel writes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordedActivity } from '../support/fake-connector';
import { leftoverEnglish } from '../i18n/leftovers';
import { cardOf, cardText, startTeamsHarness, type TeamsHarness, type UserKey } from './harness';

let h: TeamsHarness;
beforeAll(async () => {
  h = await startTeamsHarness();
}, 30_000);
afterAll(() => h?.close());

/** Says `text` in the personal chat as `user`, whose Teams client runs in `locale`. */
async function sayIn(locale: string, text: string, user: UserKey = 'lynne'): Promise<RecordedActivity[]> {
  const activity = h.fixture('message-personal', user, { locale, text });
  const before = h.connector.activities.length;
  const res = await h.post(activity);
  expect(res.status).toBe(200);
  return h.connector.activities.slice(before).filter((a) => a.activity.replyToId === activity.id || a.replyToId === activity.id);
}

const shown = (replies: RecordedActivity[]) => replies.map((r) => (cardOf(r) ? cardText(cardOf(r)) : String(r.activity.text ?? ''))).join('\n');

describe('Teams in the reader language', () => {
  it('help: a German client gets no English where a German text exists', async () => {
    const de = shown(await sayIn('de-DE', 'help'));
    expect(de).toMatch(/\bmine\b/); // the command words stay typeable in every language
    expect(leftoverEnglish(de)).toEqual([]);
  });

  it('a private answer asked for in a channel leaves a German pointer line there for a German asker', async () => {
    const activity = h.fixture('message-channel-mention', 'dana', { locale: 'de-DE' });
    activity.text = '<at>Help Desk</at> help';
    const before = h.connector.activities.length;
    expect((await h.post(activity)).status).toBe(200);
    const inChannel = h.connector.activities.slice(before).filter((a) => a.conversationId.includes('@thread.tacv2'));
    expect(inChannel.map((a) => a.activity.text)).toEqual(['Ich habe Ihnen die Details in unserem privaten Chat geschickt.']);
  });

  it('new-ticket form: labels, placeholders and the button in the reader language', async () => {
    const de = shown(await sayIn('de-DE', 'new Drucker klemmt'));
    for (const word of ['Titel', 'Beschreibung', 'Priorität', 'Kategorie', 'Kategorie wählen', 'Wobei brauchen Sie Hilfe?', 'Ticket erstellen']) expect(de).toContain(word);
    expect(de).toContain('Drucker klemmt');
    expect(leftoverEnglish(de)).toEqual([]);
    const en = shown(await sayIn('en-US', 'new Printer jam'));
    for (const word of ['Title', 'Description', 'Create ticket', 'What do you need help with?']) expect(en).toContain(word);
    expect(en).not.toContain('Ticket erstellen');
    // The leftover check has teeth: the English form is full of it.
    expect(leftoverEnglish(en)).toEqual(expect.arrayContaining(['What do you need help with?']));
  });

  it('ticket card: German labels, and dates as DATE()/TIME() for the client to show in its own zone', async () => {
    const ticket = await h.stack.helpdesk.createTicket({ email: h.emails.lynne!, name: 'Lynne Robbins' }, { title: 'Bildschirm flackert', description: 'Seit gestern.' });
    const [reply] = await sayIn('de-DE', `show ${ticket.id}`);
    const de = cardText(cardOf(reply));
    for (const word of ['Priorität', 'Kategorie', 'Angefragt von', 'Zugewiesen an', 'Erstellt', 'Aktualisiert']) expect(de).toContain(word);
    expect(de).toMatch(/\{\{DATE\(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z, SHORT\)\}\} \{\{TIME\(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z\)\}\}/);
    expect(de).not.toMatch(/\d{4} \d{2}:\d{2} UTC/);
    expect(JSON.stringify(cardOf(reply)?.refresh)).toContain('Aktualisieren');
    expect(leftoverEnglish(de)).toEqual([]);
    const en = cardText(cardOf((await sayIn('en-GB', `show ${ticket.id}`))[0]));
    for (const word of ['Priority', 'Requester', 'Assigned to', 'Updated']) expect(en).toContain(word);
  });

  it('errors: an unknown card action and a person without an address are told in their language', async () => {
    const unknown = await h.execute('ticket.frobnicate', {}, 'lynne', { locale: 'de-DE' });
    expect(unknown.body.value.message).toMatch(/^Diese Karte wollte „ticket\.frobnicate“/);
    const [noEmail] = await sayIn('de-DE', 'mine', 'noEmail');
    expect(noEmail.activity.text).toMatch(/^Ich kann Ihre E-Mail-Adresse in diesem Chat nicht sehen/);
    expect(leftoverEnglish(String(noEmail.activity.text))).toEqual([]);
    const [english] = await sayIn('en-US', 'mine', 'noEmail');
    expect(english.activity.text).toMatch(/^I can't see your email address/);
  });

  it('an unknown language reads English, never a key name', async () => {
    const [reply] = await sayIn('tlh', 'new Warp core breach');
    const text = cardText(cardOf(reply));
    expect(text).toContain('Create ticket');
    expect(text).not.toMatch(/teams:|labels\./);
  });
});
