/**
 * A ticket card a whole Teams channel reads speaks the channel's language (`language de`, else
 * HELPDESK_LOCALE), whoever clicked or typed: an English agent's click in a German channel leaves a
 * German card there, and the agent's own private answers stay in English.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConversationPorts, createSqliteStore, type Store } from '../../src/store';
import { cardOf, cardText, startTeamsHarness, type TeamsHarness } from './harness';

const CHANNEL = { id: '19:scrubbedGermanChannel0000@thread.tacv2', isGroup: true, conversationType: 'channel', name: 'Service' };
/** The channel the mention fixture is in. */
const GENERAL = '19:scrubbedGeneralChannel0000@thread.tacv2';
const ENGLISH_CHANNEL = { ...CHANNEL, id: '19:scrubbedEnglishChannel000@thread.tacv2' };

let h: TeamsHarness;
let store: Store;
beforeAll(async () => {
  store = createSqliteStore({ file: ':memory:' });
  h = await startTeamsHarness({ notifications: { ...createConversationPorts(store), defaultLanguage: 'en' } });
  await store.setConversationLocale('teams', CHANNEL.id, 'de');
}, 30_000);
afterAll(async () => {
  await h?.close();
  await store?.close();
});

async function ticket(title: string) {
  return h.stack.helpdesk.createTicket({ email: h.emails.lynne!, name: 'Lynne Robbins' }, { title });
}

describe('Teams: the channel language for shared cards', () => {
  it("an English agent's Claim on a German channel's card answers with a German card", async () => {
    const t = await ticket('Drucker im 2. Stock');
    const res = await h.execute('ticket.claim', { ticketId: t.id, etag: t.etag }, 'dana', { locale: 'en-US', conversation: CHANNEL });
    expect(res.status).toBe(200);
    const text = cardText(res.body.value);
    for (const word of ['Priorität', 'Kategorie', 'Zugewiesen an']) expect(text).toContain(word);
    expect(text).not.toContain('Assigned to');
    // The claim happened, whatever the language.
    expect((await h.stack.helpdesk.getTicket({ email: h.emails.dana!, name: 'Dana' }, t.id)).assignedTo.toLowerCase()).toBe(h.emails.dana!.toLowerCase());
  });

  it('the German card after the claim is built from what the claim returned: the ticket is not read again', async () => {
    const t = await ticket('Beamer ohne Bild');
    h.stack.emulator.counters.reset();
    const res = await h.execute('ticket.claim', { ticketId: t.id, etag: t.etag }, 'dana', { locale: 'en-US', conversation: CHANNEL });
    expect(cardText(res.body.value)).toContain('Zugewiesen an');
    const routes = h.stack.emulator.counters.all();
    expect(routes['PATCH SD_Tickets/items/{id}/fields'], JSON.stringify(routes)).toBe(1);
    expect(routes['GET SD_Tickets/items/{id}'] ?? 0, JSON.stringify(routes)).toBe(0);
    expect(routes['GET SD_Comments/items'] ?? 0, JSON.stringify(routes)).toBe(1);
  });

  it('the same click in a channel without a language of its own reads HELPDESK_LOCALE (English)', async () => {
    const t = await ticket('Monitor flackert');
    const res = await h.execute('ticket.claim', { ticketId: t.id, etag: t.etag }, 'dana', { locale: 'de-DE', conversation: ENGLISH_CHANNEL });
    const text = cardText(res.body.value);
    expect(text).toContain('Assigned to');
    expect(text).not.toContain('Zugewiesen an');
  });

  it("a ticket card typed for in a German channel is German, the English agent's own refresh stays English", async () => {
    const t = await ticket('VPN bricht ab');
    const own = await h.execute('ticket.refresh', { ticketId: t.id, etag: t.etag }, 'dana', { locale: 'en-US', conversation: CHANNEL });
    expect(cardText(own.body.value)).toContain('Assigned to');
    await store.setConversationLocale('teams', GENERAL, 'de');
    const replies = await h.say(`claim ${t.id}`, 'dana', 'message-channel-mention');
    const shared = replies.map((r) => cardOf(r)).filter(Boolean).map((c) => cardText(c));
    expect(shared.length).toBeGreaterThan(0);
    expect(shared.join('\n')).toContain('Zugewiesen an');
  });

  it('a typed claim in a German channel answers with the German card from what the claim returned, reading nothing again', async () => {
    const t = await ticket('Headset knackt');
    await store.setConversationLocale('teams', GENERAL, 'de');
    h.stack.emulator.counters.reset();
    const replies = await h.say(`claim ${t.id}`, 'dana', 'message-channel-mention');
    expect(replies.map((r) => cardOf(r)).filter(Boolean).map((c) => cardText(c)).join('\n')).toContain('Zugewiesen an');
    const routes = h.stack.emulator.counters.all();
    expect(routes['GET SD_Tickets/items/{id}'] ?? 0, JSON.stringify(routes)).toBe(0);
    expect(routes['GET SD_Comments/items'] ?? 0, JSON.stringify(routes)).toBe(1);
  });
});
