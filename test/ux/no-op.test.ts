/** Honest no-ops (issue 17.6) through the real Teams and Slack channel code: nothing written, and said so. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slashBody } from '../support/slack-request';
import { startTestHelpdesk, type TestHelpdesk } from '../slack/helpdesk';
import { PEOPLE, slash, startSlackScene, type SlackScene } from '../slack/harness';
import { cardText, startTeamsHarness, type TeamsHarness } from '../teams/harness';

describe('Teams: a change that changes nothing', () => {
  let h: TeamsHarness;
  beforeAll(async () => {
    h = await startTeamsHarness();
  }, 30_000);
  afterAll(() => h?.close());

  it('a click on a priority the ticket already has answers "Already High — nothing changed" and writes nothing', async () => {
    const lynne = { email: h.emails.lynne!, name: 'Lynne Robbins' };
    const t = await h.stack.helpdesk.createTicket(lynne, { title: 'Monitor flickers', priority: 'High' });
    const res = await h.execute('ticket.priority', { ticketId: t.id, etag: t.etag, priority: 'High' }, 'dana');
    expect(res.body.statusCode).toBe(200);
    expect(cardText(res.body.value)).toContain('Already High — nothing changed.');
    expect(h.stack.emulator.data.get('SD_Tickets', String(t.id))!.etag).toBe(t.etag);
  });

  it('typed `resolve` on a resolved ticket adds no second resolution comment', async () => {
    const lynne = { email: h.emails.lynne!, name: 'Lynne Robbins' };
    const t = await h.stack.helpdesk.createTicket(lynne, { title: 'VPN drops' });
    await h.say(`resolve ${t.id} Reset the token.`, 'dana');
    const replies = await h.say(`resolve ${t.id} Reset it again.`, 'dana');
    const text = replies.map((r) => cardText(r.activity.attachments) + (r.activity.text ?? '')).join('\n');
    expect(text).toContain('Already Resolved — nothing changed.');
    expect(text).toContain('Your note was not posted');
    const comments = await h.stack.helpdesk.listComments(lynne, t.id);
    expect(comments.map((c) => c.body)).toEqual(['Reset the token.']);
  });
});

describe('Slack: a change that changes nothing', () => {
  let scene: SlackScene;
  let hd: TestHelpdesk;
  beforeAll(async () => {
    hd = await startTestHelpdesk();
    scene = await startSlackScene(hd.helpdesk);
  });
  afterAll(async () => {
    await scene?.close();
    await hd?.close();
  });

  it('typed `priority <id> Normal` on a Normal ticket is answered privately and writes nothing', async () => {
    const sam = { email: PEOPLE.sam.email, name: PEOPLE.sam.name };
    const t = await hd.helpdesk.createTicket(sam, { title: 'Mouse double-clicks' });
    await scene.post(slashBody(slash(scene.fake, PEOPLE.dana, `priority ${t.id} normal`, 'noop')));
    const answer = await scene.fake.waitFor('response_url', (c) => c.responseId === 'noop');
    expect(answer.body.response_type).toBe('ephemeral');
    expect(JSON.stringify(answer.body.blocks)).toContain('Already Normal — nothing changed.');
    expect(scene.fake.callsTo('chat.postMessage')).toHaveLength(0);
    expect((await hd.helpdesk.getTicket(sam, t.id)).etag).toBe(t.etag);
  });
});
