/**
 * The "Merge into #n" button, clicked as Teams sends it: taken out of the Adaptive Card the bot
 * actually rendered (an agent's `show`, the filing card in the personal chat, the poller's channel
 * card) and sent back as an `adaptiveCard/action` invoke with exactly the data the card carries.
 * The click opens the confirm; the confirm's button merges.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { english } from '../../../src/i18n';
import { cardText } from '../../teams/harness';
import { teamsParagraphs } from '../../support/teams-paragraphs';
import { startTeamsNotifyScene, type TeamsNotifyScene } from '../../support/teams-notify-scene';

const CHANNEL = '19:scrubbedGeneralChannel0000@thread.tacv2';
const dana = { id: '29:dana', name: 'Dana Agent', aadObjectId: 'aad-dana', email: 'dana@example.com' };
const lynne = { id: '29:lynne', name: 'Lynne Robbins', aadObjectId: 'aad-lynne', email: 'lynne@example.com' };
const DANA_CHAT = `a:personal-${dana.aadObjectId}`;

interface CardAction { verb: string; data: Record<string, unknown> }

/** Every Action.Execute of a card, as Teams would send it back. */
function actionsOf(card: unknown): CardAction[] {
  const out: CardAction[] = [];
  const walk = (n: any) => {
    if (Array.isArray(n)) n.forEach(walk);
    else if (n && typeof n === 'object') {
      if (n.type === 'Action.Execute') out.push({ verb: n.verb, data: n.data ?? {} });
      Object.values(n).forEach(walk);
    }
  };
  walk(card);
  return out;
}
const cardIn = (a: { activity: Record<string, any> } | undefined) => a?.activity.attachments?.find((x: any) => x.contentType === 'application/vnd.microsoft.card.adaptive')?.content;

describe('the Merge button, clicked in Teams', () => {
  let s: TeamsNotifyScene;
  beforeAll(async () => {
    s = await startTeamsNotifyScene({ agent: dana, people: [dana, lynne], dirPrefix: 'merge-button-teams-' });
    const sub = s.activity('message-channel-mention', dana, `${CHANNEL};messageid=1`);
    sub.text = '<at>Help Desk</at> subscribe all';
    expect((await s.post(sub)).status).toBe(200);
  }, 30_000);
  afterAll(() => s?.close());

  /** Sends the card's button back as the invoke Teams makes of a click, in the personal chat or on the channel card. */
  const click = async (action: CardAction, where: { channelCard?: string } = {}) => {
    const activity = s.activity('invoke-card-action', dana, where.channelCard ? `${CHANNEL};messageid=${where.channelCard}` : DANA_CHAT);
    if (where.channelCard) {
      const mention = s.activity('message-channel-mention', dana, `${CHANNEL};messageid=${where.channelCard}`);
      activity.conversation = mention.conversation;
      activity.channelData = mention.channelData;
      activity.replyToId = where.channelCard;
    }
    activity.value = { ...activity.value, action: { ...activity.value.action, verb: action.verb, data: action.data } };
    return s.post(activity);
  };

  /** The Merge button on `card` opens the confirm (on the card, or in the personal chat for a channel card), and its button merges. */
  const mergesFrom = async (card: unknown, duplicate: number, target: number, where: { channelCard?: string } = {}) => {
    const button = actionsOf(card).find((a) => a.verb === 'ticket.mergeAsk');
    expect(button, 'the card has a Merge button').toBeDefined();
    const before = s.connector.activities.length;
    const asked = await click(button!, where);
    expect(asked.status).toBe(200);
    expect(asked.body.statusCode).toBe(200);
    expect(JSON.stringify(asked.body)).not.toContain('Say which ticket');
    // In the personal chat the confirm replaces the card; a channel card stays, and the confirm comes privately.
    const confirm = where.channelCard
      ? cardIn((await s.connector.waitFor((a) => s.connector.activities.indexOf(a) >= before && !a.conversationId.startsWith(CHANNEL) && JSON.stringify(a.activity).includes('ticket.merge"'))))
      : asked.body.value;
    expect(cardText(confirm)).toContain(`Merge #${duplicate} `);
    const go = actionsOf(confirm).find((a) => a.verb === 'ticket.merge');
    const done = await click(go!);
    expect(done.body.statusCode).toBe(200);
    expect(cardText(done.body.value)).toContain(`#${duplicate} is merged into #${target}.`);
    const { ticket } = await s.stack.helpdesk.getTicketWithComments({ email: dana.email, name: dana.name }, duplicate);
    expect(ticket.status).toBe('Resolved');
  };

  it('on an agent\'s show card', async () => {
    const first = await s.notifications.helpdesk.createTicket(lynne, { title: 'Printer on floor 3 offline', description: 'nothing prints' });
    const again = await s.notifications.helpdesk.createTicket(lynne, { title: 'printer floor 3 still offline', description: 'nothing prints at all' });
    await s.poller.runOnce();
    const show = s.activity('message-personal', dana, DANA_CHAT);
    show.text = `show ${again.id}`;
    await s.post(show);
    const reply = s.connector.activities.find((a) => a.replyToId === show.id && cardIn(a));
    await mergesFrom(cardIn(reply), again.id, first.id);
  }, 30_000);

  it('on the filing card in the personal chat', async () => {
    const first = await s.notifications.helpdesk.createTicket(lynne, { title: 'VPN keeps dropping when working from home', description: 'every ten minutes' });
    await s.poller.runOnce();
    const filed = await click({ verb: 'ticket.create', data: { title: 'VPN keeps dropping from home', description: 'every ten minutes' } });
    const id = Number(actionsOf(filed.body.value).find((a) => a.verb === 'ticket.mergeAsk')?.data.ticketId);
    // The banner: what was done, then the look-alike on a line of its own (a blank line: Teams reads one line break as a space).
    expect(teamsParagraphs(filed.body.value, 'Ticket')).toEqual([english('commands:create.filed', { id }), `Looks like #${first.id} (New)`]);
    await mergesFrom(filed.body.value, id, first.id);
  }, 30_000);

  it('on the poller\'s channel card', async () => {
    const first = await s.notifications.helpdesk.createTicket(lynne, { title: 'Outlook crashes on start', description: 'since the update' });
    await s.poller.runOnce();
    const again = await s.notifications.helpdesk.createTicket(lynne, { title: 'outlook crashes on start again', description: 'since the update' });
    await s.poller.runOnce();
    const posted = s.connector.activities.filter((a) => a.conversationId === CHANNEL && cardIn(a) && cardText(cardIn(a)).includes('outlook crashes on start again')).at(-1);
    expect(cardText(cardIn(posted))).toContain(`Looks like #${first.id}`);
    await mergesFrom(cardIn(posted), again.id, first.id, { channelCard: posted!.id });
  }, 30_000);
});

describe('a Merge button on a card an earlier release posted', () => {
  let s: TeamsNotifyScene;
  beforeAll(async () => {
    s = await startTeamsNotifyScene({ agent: dana, people: [dana, lynne], dirPrefix: 'merge-button-old-' });
  }, 30_000);
  afterAll(() => s?.close());

  it('still opens the confirm with the `text: into n` it carries', async () => {
    const first = await s.notifications.helpdesk.createTicket(lynne, { title: 'Dock not charging' });
    const again = await s.notifications.helpdesk.createTicket(lynne, { title: 'dock not charging again' });
    const activity = s.activity('invoke-card-action', dana, DANA_CHAT);
    activity.value = { ...activity.value, action: { ...activity.value.action, verb: 'ticket.mergeAsk', data: { text: `into ${first.id}`, ticketId: again.id } } };
    const asked = await s.post(activity);
    expect(asked.body.statusCode).toBe(200);
    expect(cardText(asked.body.value)).toContain(`Merge #${again.id} `);
  }, 30_000);
});
