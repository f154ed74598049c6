/**
 * "Looks like #12": a new ticket that repeats an open one from the last 7 days gets the line and
 * a Merge button on its channel card, through the real poll cycle, the search index and the Slack
 * delivery; a ticket about something else gets neither, and the requester's DM never has it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { likeness } from '../../../src/features/duplicates/look-alike';
import { startSlackNotifyScene, type SlackNotifyScene } from '../../support/slack-notify-scene';

const dana = { id: 'UDANA', name: 'Dana Agent', email: 'dana@example.com' };
const sam = { id: 'USAM', name: 'Sam Requester', email: 'sam@example.com' };
const robin = { id: 'UROBIN', name: 'Robin Colleague', email: 'robin@example.com' };

describe('look-alike tickets on channel cards', () => {
  let s: SlackNotifyScene;
  beforeAll(async () => {
    s = await startSlackNotifyScene({ agent: dana, people: [dana, sam, robin], dirPrefix: 'look-alike-' });
    await s.notifications.ports.subscribe({ platform: 'slack', id: 'CDESK', kind: 'channel' }, { kind: 'all' }, dana);
  });
  afterAll(() => s?.close());

  const cardOf = async (id: number) => {
    await s.poller.runOnce();
    const posts = s.fake.callsTo('chat.postMessage').filter((c) => c.body.channel === 'CDESK' && JSON.stringify(c.body.blocks ?? []).includes(`#${id}`));
    return JSON.stringify(posts.at(-1)?.body.blocks ?? []);
  };

  it('marks a repeat from the same requester, with a Merge button, and leaves an unrelated ticket alone', async () => {
    const first = await s.stack.helpdesk.createTicket(sam, { title: 'Printer on floor 3 offline', description: 'nothing prints' });
    expect(await cardOf(first.id)).not.toContain('Looks like');
    const again = await s.stack.helpdesk.createTicket(sam, { title: 'printer floor 3 still offline', description: 'nothing prints at all' });
    const card = await cardOf(again.id);
    expect(card).toContain(`Looks like #${first.id} (New)`);
    expect(card).toContain('ticket.mergeAsk');
    const other = await s.stack.helpdesk.createTicket(robin, { title: 'Need a new headset', description: 'mine broke' });
    expect(await cardOf(other.id)).not.toContain('Looks like');
    const dms = s.fake.callsTo('chat.postMessage').filter((c) => c.body.channel !== 'CDESK');
    expect(dms.filter((c) => JSON.stringify(c.body).includes('Looks like'))).toEqual([]);
  });

  it('needs very similar words from someone else', () => {
    expect(likeness({ title: 'printer floor 3 offline', description: '' }, { title: 'Printer on floor 3 offline', description: 'nothing prints' })).toBe(1);
    expect(likeness({ title: 'printer jammed on floor 2', description: '' }, { title: 'Printer on floor 3 offline', description: '' })).toBeLessThan(0.8);
  });
});
