/** Lists stay lists (17.4): Show and Claim on a list row update the row in place; Show's card comes on its own. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventBody, interactiveBody, slackFixture, slashBody } from '../support/slack-request';
import { PEOPLE, slash } from '../slack/harness';
import { useSlackDesk } from '../slack/helpdesk';
import { cardOf, cardText, startTeamsHarness, type TeamsHarness } from '../teams/harness';

/** Every Action.Execute in a card. */
function executes(card: any): any[] {
  const out: any[] = [];
  const walk = (n: any) => {
    if (Array.isArray(n)) n.forEach(walk);
    else if (n && typeof n === 'object') {
      if (n.type === 'Action.Execute') out.push(n);
      Object.values(n).forEach(walk);
    }
  };
  walk(card);
  return out;
}

describe('Teams: a queue card stays a queue', () => {
  let h: TeamsHarness;
  beforeAll(async () => {
    h = await startTeamsHarness();
  }, 30_000);
  afterAll(() => h?.close());

  it('Claim on a row answers with the same list, that row now claimed, and nothing else is posted', async () => {
    const lynne = { email: h.emails.lynne!, name: 'Lynne Robbins' };
    const t = await h.stack.helpdesk.createTicket(lynne, { title: 'Row claim: VPN drops every hour' });
    const list = await h.execute('ticket.queue', { queue: 'unassigned' }, 'dana');
    const claim = executes(list.body.value).find((a) => a.verb === 'ticket.claim' && a.data.ticketId === t.id);
    expect(claim).toBeDefined();
    const before = h.connector.activities.length;
    const after = await h.execute(claim.verb, claim.data, 'dana');
    const text = cardText(after.body.value);
    expect(text).toContain('Unassigned open tickets');
    expect(text).toContain(`#${t.id} Row claim: VPN drops every hour`);
    expect(text).toMatch(/Claimed by Dana/);
    // The row no longer offers Claim; the ticket really is Dana's.
    expect(executes(after.body.value).some((a) => a.verb === 'ticket.claim' && a.data.ticketId === t.id)).toBe(false);
    expect((await h.stack.helpdesk.getTicket(lynne, t.id)).assignedTo.toLowerCase()).toBe(h.emails.dana!.toLowerCase());
    expect(h.connector.activities.slice(before)).toHaveLength(0);
  });

  it('Claim on a row someone took meanwhile keeps the list and asks, in its own message, whether to take it over', async () => {
    const lynne = { email: h.emails.lynne!, name: 'Lynne Robbins' };
    const t = await h.stack.helpdesk.createTicket(lynne, { title: 'Row race: printer offline' });
    const list = await h.execute('ticket.queue', { queue: 'unassigned' }, 'dana');
    const claim = executes(list.body.value).find((a) => a.verb === 'ticket.claim' && a.data.ticketId === t.id);
    await h.stack.helpdesk.claim({ email: h.emails.lee!, name: 'Lee Agent' }, t.id);
    const before = h.connector.activities.length;
    const after = await h.execute(claim.verb, claim.data, 'dana');
    expect(cardText(after.body.value)).toContain('Unassigned open tickets');
    expect(cardText(after.body.value)).toMatch(/Already claimed by/);
    const sent = h.connector.activities.slice(before);
    expect(sent).toHaveLength(1);
    expect(executes(cardOf(sent[0])).map((a) => a.title)).toEqual(expect.arrayContaining([expect.stringMatching(/^Take over from /)]));
    // Nothing was taken: the ticket is still Lee's.
    expect((await h.stack.helpdesk.getTicket(lynne, t.id)).assignedTo.toLowerCase()).toBe(h.emails.lee!.toLowerCase());
  });

  it('Show on a row keeps the list (same page) and sends the ticket card as its own message', async () => {
    const lynne = { email: h.emails.lynne!, name: 'Lynne Robbins' };
    for (let i = 0; i < 21; i++) await h.stack.helpdesk.createTicket(lynne, { title: `Row show ${i}` });
    const first = await h.execute('ticket.queue', { queue: 'all' }, 'dana');
    const next = (first.body.value.actions as any[]).find((a) => a.title === 'Next');
    const page2 = await h.execute(next.verb, next.data, 'dana');
    const pageText = cardText(page2.body.value).match(/\d+–\d+ of \d+/)![0];
    const show = executes(page2.body.value).find((a) => a.verb === 'ticket.show');
    const before = h.connector.activities.length;
    const after = await h.execute(show.verb, show.data, 'dana');
    expect(cardText(after.body.value)).toContain(pageText);
    expect(cardText(after.body.value)).toContain('Shown below.');
    const sent = h.connector.activities.slice(before);
    expect(sent).toHaveLength(1);
    expect(cardText(cardOf(sent[0]))).toContain(`#${show.data.ticketId}`);
    expect(cardText(cardOf(sent[0]))).not.toContain('All open tickets');
  });

  it('Show on a row of a list in a channel sends the ticket to the 1:1 chat, not the channel', async () => {
    const list = await h.execute('ticket.mine', {}, 'lynne');
    const show = executes(list.body.value).find((a) => a.verb === 'ticket.show');
    const channel = { isGroup: true, conversationType: 'channel', tenantId: '72f988bf-0000-0000-0000-2d7cd011db47', id: '19:scrubbedGeneralChannel0000@thread.tacv2;messageid=1' };
    const before = h.connector.activities.length;
    const after = await h.execute(show.verb, show.data, 'lynne', { conversation: channel });
    expect(cardText(after.body.value)).toContain('My tickets');
    const sent = h.connector.activities.slice(before);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((a) => !a.conversationId.startsWith('19:'))).toBe(true);
    expect(sent.some((a) => cardText(cardOf(a)).includes(`#${show.data.ticketId}`))).toBe(true);
  });
});

describe('Slack: a list message stays a list', () => {
  const slack = useSlackDesk();

  const buttons = (blocks: any[]) => blocks.flatMap((b: any) => [...(b.elements ?? []), ...(b.accessory ? [b.accessory] : [])]).filter((e: any) => e.type === 'button');

  function click(who: { id: string }, button: any, container: Record<string, unknown>, responseId: string) {
    const payload = slackFixture('block-actions');
    payload.user.id = who.id;
    payload.actions = [{ ...payload.actions[0], action_id: button.action_id, value: button.value, text: button.text }];
    payload.response_url = slack.scene.fake.responseUrl(responseId);
    payload.container = { ...payload.container, ...container };
    if (container.channel_id) payload.channel = { id: container.channel_id, name: 'x' };
    return slack.scene.post(interactiveBody(payload));
  }

  it('Claim on an ephemeral queue replaces the list with the list again, the row claimed', async () => {
    const t = slack.desk.seedTicket({ title: 'Laptop fan is loud', submittedByEmail: PEOPLE.sam.email });
    await slack.scene.post(slashBody(slash(slack.scene.fake, PEOPLE.dana, 'queue', 'lq1')));
    const blocks = (await slack.scene.fake.waitFor('response_url', (c) => c.responseId === 'lq1')).body.blocks;
    const claim = buttons(blocks).find((b: any) => b.action_id.startsWith('ticket.claim') && JSON.parse(b.value).ticketId === t.id);
    await click(PEOPLE.dana, claim, { is_ephemeral: true }, 'lq2');
    const replaced = await slack.scene.fake.waitFor('response_url', (c) => c.responseId === 'lq2');
    expect(replaced.body.replace_original).toBe(true);
    const text = JSON.stringify(replaced.body.blocks);
    expect(text).toContain('Unassigned open tickets');
    expect(text).toContain(`#${t.id} Laptop fan is loud`);
    expect(text).toMatch(/Claimed by Dana/);
    expect((await slack.desk.getTicket({ email: PEOPLE.dana.email, name: PEOPLE.dana.name }, t.id)).assignedTo).toBe(PEOPLE.dana.email);
  });

  it('Show on a row of a DM list updates the list message and posts the ticket as a new DM message', async () => {
    const t = slack.desk.seedTicket({ title: 'Monitor flickers', submittedByEmail: PEOPLE.sam.email });
    const envelope = slackFixture('event-message-im');
    envelope.event_id = 'EvListDm1';
    envelope.event.text = 'mine';
    await slack.scene.post(eventBody(envelope));
    const listed = await slack.scene.fake.waitFor('chat.postMessage', (c) => JSON.stringify(c.body.blocks ?? []).includes('Monitor flickers'));
    const show = buttons(listed.body.blocks).find((b: any) => b.action_id.startsWith('ticket.show') && JSON.parse(b.value).ticketId === t.id);
    const posts = slack.scene.fake.callsTo('chat.postMessage').length;
    await click(PEOPLE.sam, show, { channel_id: listed.body.channel, message_ts: '1732280999.000100', is_ephemeral: false }, 'ld1');
    const updated = await slack.scene.fake.waitFor('chat.update', (c) => c.body.ts === '1732280999.000100');
    expect(JSON.stringify(updated.body.blocks)).toContain('My tickets');
    expect(JSON.stringify(updated.body.blocks)).toContain('Shown below.');
    const card = await slack.scene.fake.waitFor('chat.postMessage', (c) => c.body.channel === listed.body.channel && slack.scene.fake.callsTo('chat.postMessage').indexOf(c) >= posts);
    expect(card.body.text).toContain(`#${t.id}`);
    expect(JSON.stringify(card.body.blocks)).not.toContain('My tickets');
  });
});
