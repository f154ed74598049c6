/**
 * Requesters in Slack are reached by their address: someone who filed in the portal and never
 * wrote to the bot, but has a Slack account with the same email, gets their DMs (a reply, the
 * resolution and its survey) in Slack, found once with users.lookupByEmail. Someone with no Slack
 * account is asked about once, not at every DM.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dispatch } from '../../src/commands';
import { VERBS } from '../../src/core';
import type { Ticket } from '../../src/helpdesk/types';
import { startSlackNotifyScene, type SlackNotifyScene } from '../support/slack-notify-scene';

const dana = { id: 'UDANA001', name: 'Dana Agent', email: 'dana@example.com' };
/** In the Slack workspace, under her address in another case; she never wrote to the bot. */
const pia = { id: 'UPIA0001', name: 'Pia Portal', email: 'Pia.Portal@example.com' };
const PIA_DM = 'DPIA0001';

let scene: SlackNotifyScene;
beforeEach(async () => {
  scene = await startSlackNotifyScene({ agent: dana, people: [pia, dana], dirPrefix: 'reach-by-email-', csat: { enabled: true, scale: 'five' } });
});
afterEach(() => scene.close());

const asDana = () => ({ actor: { email: dana.email, name: dana.name }, helpdesk: scene.notifications.helpdesk, conversation: { platform: 'slack' as const, id: 'CDESK', kind: 'channel' as const }, channel: {}, notifications: scene.notifications.ports });

/** A ticket filed in the portal (written to the list directly), as the poller then sees it. */
async function portalTicket(email: string, title: string): Promise<Ticket> {
  scene.stack.emulator.data.insert('SD_Tickets', { Title: title, SD_Status: 'New', SD_Priority: 'Normal', SD_Category: 'Other', SD_SubmittedBy: email, SD_SubmittedByEmail: email, SD_SubmittedByName: email });
  await scene.poller.runOnce();
  const found = (await scene.stack.helpdesk.listTickets({ email: dana.email, name: dana.name }, { limit: 50 })).find((t) => t.title === title);
  if (!found) throw new Error(`no ticket "${title}"`);
  return found;
}

describe('Slack: requesters reached by their address', () => {
  it('a portal requester with a Slack account gets the reply, the resolution and the survey there, looked up once', async () => {
    const { fake } = scene;
    const t = await portalTicket('pia.portal@example.com', 'Badge does not open the gate');
    await dispatch(asDana(), { verb: VERBS.comment, ticketId: t.id, values: { comment: 'The gate controller is updated now.', internal: 'false' } });
    await fake.waitFor('chat.postMessage', (c) => c.body.channel === PIA_DM && /gate controller/.test(JSON.stringify(c.body)));
    await dispatch(asDana(), { verb: VERBS.resolve, ticketId: t.id, values: { note: 'Badge re-registered.' } });
    await fake.waitFor('chat.postMessage', (c) => c.body.channel === PIA_DM && /How did we do/.test(JSON.stringify(c.body)));
    expect(fake.callsTo('users.lookupByEmail')).toHaveLength(1);
    expect(fake.callsTo('conversations.open')).toHaveLength(1);
  });

  it('an address with no Slack account is asked about once, and no DM goes anywhere for it', async () => {
    const { fake } = scene;
    const t = await portalTicket('olga.nobody@example.com', 'Printer offline');
    await dispatch(asDana(), { verb: VERBS.comment, ticketId: t.id, values: { comment: 'Restarted the print server.', internal: 'false' } });
    await scene.poller.runOnce();
    await dispatch(asDana(), { verb: VERBS.resolve, ticketId: t.id, values: { note: 'Printer back.' } });
    await scene.poller.runOnce();
    // Every DM owed to her (the reply, the resolution, the survey) was tried and settled.
    await vi.waitFor(async () => expect(await scene.store.pendingDeliveryCount()).toBe(0));
    expect(fake.callsTo('users.lookupByEmail').map((c) => c.body.email)).toEqual(['olga.nobody@example.com']);
    expect(fake.callsTo('chat.postMessage').filter((c) => String(c.body.channel).startsWith('D'))).toEqual([]);
  });
});
