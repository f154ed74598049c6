/**
 * Words in a personal chat after a notification DM (Teams, over its fake connector and the
 * embedded site): an answer the words find comes first; a comment on the DM's ticket is offered
 * only when the words are about it (they share its words) or come in the same turn as the DM;
 * never for a resolved or merged ticket, and never just because a DM came some hours before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerPortsOver } from '../../../src/features/answers';
import { createConversationPorts } from '../../../src/store';
import { featureStore } from '../../commands/context';
import { cardOf, cardText, startTeamsHarness, type TeamsHarness } from '../../teams/harness';
import { NOW } from './scenes';

const OUTLOOK = {
  name: 'outlook-password', language: 'en' as const, title: 'Outlook keeps asking for your password', shown: true,
  phrases: ['outlook keeps asking for my password', 'outlook password prompt'],
  body: 'Remove the MicrosoftOffice16 entries in Credential Manager and start Outlook again.',
};

describe('words in a Teams personal chat after a notification DM', () => {
  let h: TeamsHarness;
  let close: () => Promise<void>;
  /** The last notification DM each person got, as the store would say: set by each test. */
  const notices = new Map<string, { ticketId: number; at: string }>();
  const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
  const lynne = () => ({ email: h.emails.lynne!, name: 'Lynne Robbins' });
  const dana = () => ({ email: h.emails.dana!, name: 'Dana Agent' });

  beforeAll(async () => {
    const { store, commands } = await featureStore();
    await answerPortsOver(await store.featureDatabase()).add(OUTLOOK, 'agent@contoso.com', NOW);
    const ports = createConversationPorts(store);
    h = await startTeamsHarness({ notifications: { ...ports, lastNotice: async (email) => notices.get(email.toLowerCase()) }, commands });
    close = async () => { await h.close(); await store.close(); };
  }, 30_000);
  afterAll(() => close?.());

  const dmAbout = (ticketId: number, minutesAgo: number) => notices.set(lynne().email.toLowerCase(), { ticketId, at: ago(minutesAgo) });
  const said = async (text: string) => cardText(cardOf((await h.say(text, 'lynne'))[0]));

  it('an answer the words find comes before a comment on the ticket the last DM was about', async () => {
    const t = await h.stack.helpdesk.createTicket(lynne(), { title: 'VPN keeps dropping every hour' });
    dmAbout(t.id, 1);
    const reply = await said('Outlook keeps asking me for my password');
    expect(reply).toContain('Outlook keeps asking for your password');
    expect(reply).not.toContain(`Is this about #${t.id}`);
  });

  it('words about the DM\'s open ticket are offered as a comment on it hours later; other words then get the new-ticket form', async () => {
    const t = await h.stack.helpdesk.createTicket(lynne(), { title: 'Docking station not charging the laptop' });
    dmAbout(t.id, 180);
    expect(await said('the docking station still does not charge')).toContain(`Add as comment on #${t.id}`);
    const other = await said('the coffee machine on floor 2 is broken');
    expect(other).not.toContain(`#${t.id}`);
    expect(other).toContain('coffee machine');
  });

  it('a message in the same turn as the DM is offered as a comment on its ticket, whatever its words', async () => {
    const t = await h.stack.helpdesk.createTicket(lynne(), { title: 'Headset crackles' });
    dmAbout(t.id, 1);
    expect(await said('thanks, it happens mostly in the afternoon')).toContain(`Add as comment on #${t.id}`);
  });

  it('never for a resolved ticket (a merged one is resolved into its original), even in the same turn and with its words', async () => {
    const t = await h.stack.helpdesk.createTicket(lynne(), { title: 'Monitor flickers on the left side' });
    await h.stack.helpdesk.resolve(dana(), t.id, `Merged into #${t.id - 1}`);
    dmAbout(t.id, 1);
    const [reply] = await h.say('the monitor flickers on the left side again', 'lynne');
    expect(cardText(cardOf(reply))).not.toContain(`#${t.id}`);
    expect(cardOf(reply)!.body.find((b: any) => b.id === 'title')?.value).toBe('the monitor flickers on the left side again');
  });
});
