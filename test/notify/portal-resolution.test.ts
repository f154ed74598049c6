/**
 * Resolutions made outside the bot, as the SharePoint product makes them (a public note, then the
 * status, see resolveInPortal in test/e2e/playground-screens.ts), and tickets the poller first meets
 * already resolved: the channel thread says the note once; the requester gets the resolution and
 * its survey once, whether the ticket was resolved in the list or through the bot before any poll
 * saw it; a ticket made before notifications started gets nothing new.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dispatch } from '../../src/commands';
import { VERBS } from '../../src/core';
import type { Notifications, Poller } from '../../src/notify';
import type { FakeConnector } from '../support/fake-connector';
import type { HelpdeskStack } from '../support/helpdesk-stack';
import { startTeamsNotifyScene, type TeamsNotifyScene } from '../support/teams-notify-scene';

const CHANNEL = '19:scrubbedGeneralChannel0000@thread.tacv2';
const dana = { id: '29:dana', name: 'Dana Agent', aadObjectId: 'aad-dana', email: 'dana@example.com' };
const lynne = { id: '29:lynne', name: 'Lynne Robbins', aadObjectId: 'aad-lynne', email: 'lynne@example.com' };
const LYNNE_CHAT = `a:personal-${lynne.aadObjectId}`;

let scene: TeamsNotifyScene;
let stack: HelpdeskStack;
let connector: FakeConnector;
let notifications: Notifications;
let poller: Poller;

beforeEach(async () => {
  scene = await startTeamsNotifyScene({ agent: dana, people: [dana, lynne], dirPrefix: 'portal-resolution-', csat: { enabled: true, scale: 'five' } });
  ({ stack, connector, notifications, poller } = scene);
});
afterEach(() => scene.close());

async function say(who: typeof dana, text: string, where: 'personal' | 'channel'): Promise<void> {
  const activity = scene.activity(where === 'personal' ? 'message-personal' : 'message-channel-mention', who, `a:personal-${who.aadObjectId}`);
  activity.text = where === 'personal' ? text : `<at>Help Desk</at> ${text}`;
  if (where === 'channel') activity.conversation.id = `${CHANNEL};messageid=${activity.id}`;
  const { status } = await scene.post(activity);
  if (status !== 200) throw new Error(`POST /api/messages answered ${status}`);
}
const textsIn = (conversationId: string) => connector.activities.filter((a) => a.conversationId === conversationId).map((a) => String(a.activity.summary ?? a.activity.text ?? ''));
const cardsIn = (conversationId: string) => connector.activities.filter((a) => a.conversationId === conversationId).map((a) => JSON.stringify(a.activity.attachments ?? []));

/** A ticket made in the SharePoint product by Lynne (not through the bot). */
function madeInProduct(title: string, at?: Date): number {
  const fields = { Title: title, SD_Description: 'd', SD_Priority: 'Normal', SD_Status: 'New', SD_Category: 'Hardware', SD_SubmittedBy: lynne.email, SD_SubmittedByName: lynne.name, SD_SubmittedByEmail: lynne.email };
  return Number(stack.emulator.data.insert('SD_Tickets', fields, at ? { created: at, modified: at } : undefined).id);
}
/** What an agent's resolve in the SharePoint product writes: a public note, then the status. */
function resolveInProduct(id: number, note: string): void {
  stack.emulator.data.insert('SD_Comments', { Title: 'Resolved', SD_TicketId: id, SD_Body: note, SD_AuthorEmail: dana.email, SD_AuthorName: dana.name, SD_IsInternal: false });
  stack.emulator.data.update('SD_Tickets', String(id), { SD_Status: 'Resolved' });
}

describe('resolutions made outside the bot', () => {
  it('a resolution made in the SharePoint product shows its note once in the channel thread', async () => {
    await say(dana, 'subscribe all', 'channel');
    const t = await notifications.helpdesk.createTicket({ email: lynne.email, name: lynne.name }, { title: 'Fan loud' });
    await poller.runOnce();
    const card = connector.activities.find((a) => a.conversationId === CHANNEL && a.activity.attachments?.length)!;
    resolveInProduct(t.id, 'Cleaned the fan and updated the BIOS.');
    await poller.runOnce();
    await poller.runOnce();
    expect(textsIn(`${CHANNEL};messageid=${card.id}`)).toEqual(['Resolved: Cleaned the fan and updated the BIOS.']);
  }, 30_000);

  it('a ticket made in the product and resolved there before any poll saw it: its requester gets the resolution and the survey, once', async () => {
    await say(lynne, 'mine', 'personal');
    const id = madeInProduct('Docking station dead');
    resolveInProduct(id, 'Swapped the dock.');
    await poller.runOnce();
    await poller.runOnce();
    await poller.runOnce();
    const told = cardsIn(LYNNE_CHAT).filter((c) => c.includes('Docking station dead'));
    expect(told).toHaveLength(1);
    expect(told[0]).toContain('was resolved');
    expect(told[0]).toContain('Swapped the dock.');
    expect(told[0]).toContain('How did we do');
  }, 30_000);

  it('a ticket made in the product and resolved through the bot before any poll saw it: the resolution and the survey, not "replied"', async () => {
    await say(lynne, 'mine', 'personal');
    const id = madeInProduct('Printer offline');
    await dispatch({ actor: { email: dana.email, name: dana.name }, helpdesk: notifications.helpdesk, conversation: { platform: 'teams', id: 'a:dana', kind: 'personal' }, channel: {}, notifications: notifications.ports, commands: scene.commands }, { verb: VERBS.resolve, ticketId: id, values: { note: 'Restarted the spooler' } });
    await connector.waitFor((a) => a.conversationId === LYNNE_CHAT && JSON.stringify(a.activity.attachments ?? []).includes('Printer offline'));
    await poller.runOnce();
    await poller.runOnce();
    const told = cardsIn(LYNNE_CHAT).filter((c) => c.includes('Printer offline'));
    expect(told).toHaveLength(1);
    expect(told[0]).toContain('was resolved');
    expect(told[0]).toContain('Restarted the spooler');
    expect(told[0]).toContain('How did we do');
    expect(told[0]).not.toContain('replied');
  }, 30_000);

  it('a ticket made before notifications started, first met resolved, tells nobody anything new', async () => {
    await say(lynne, 'mine', 'personal');
    const id = madeInProduct('Old request', new Date(Date.now() - 3 * 86_400_000));
    stack.emulator.data.update('SD_Tickets', String(id), { SD_Status: 'Resolved' });
    await poller.runOnce();
    await poller.runOnce();
    expect(cardsIn(LYNNE_CHAT).filter((c) => c.includes('Old request'))).toEqual([]);
  }, 30_000);
});
