/** Lists stay lists (17.4, view side): work order, "N of M" and Next/Previous in both channels. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interactiveBody, slackFixture, slashBody } from '../support/slack-request';
import { PEOPLE, slash } from '../slack/harness';
import { useSlackDesk } from '../slack/helpdesk';
import { cardText, startTeamsHarness, type TeamsHarness } from '../teams/harness';

describe('Teams: queue pages', () => {
  let h: TeamsHarness;
  beforeAll(async () => {
    h = await startTeamsHarness();
  }, 30_000);
  afterAll(() => h?.close());

  it('the queue card says "N of M" and its Next button shows the next page in place', async () => {
    const lynne = { email: h.emails.lynne!, name: 'Lynne Robbins' };
    for (let i = 0; i < 21; i++) await h.stack.helpdesk.createTicket(lynne, { title: `Paged ${i}` });
    const total = (await h.stack.helpdesk.listTickets({ email: h.emails.dana!, name: 'Dana' }, { open: true, limit: 1000 })).length;
    const first = await h.execute('ticket.queue', { queue: 'all' }, 'dana');
    expect(cardText(first.body.value)).toContain(`1–20 of ${total}`);
    const next = (first.body.value.actions as any[]).find((a) => a.title === 'Next');
    expect(next).toMatchObject({ type: 'Action.Execute', verb: 'ticket.queue', data: { queue: 'all', page: '2' } });
    const second = await h.execute(next.verb, next.data, 'dana');
    expect(cardText(second.body.value)).toContain(`21–${Math.min(40, total)} of ${total}`);
    expect((second.body.value.actions as any[]).map((a) => a.title)).toContain('Previous');
  });
});

describe('Slack: queue pages', () => {
  const slack = useSlackDesk();

  it('lists the most urgent first, says "1–20 of 23", and Next brings the rest', async () => {
    for (let i = 0; i < 22; i++) slack.desk.seedTicket({ title: `Routine ${i}`, submittedByEmail: PEOPLE.sam.email });
    const urgent = slack.desk.seedTicket({ title: 'Server room flooding', submittedByEmail: PEOPLE.sam.email, priority: 'Urgent' });
    await slack.scene.post(slashBody(slash(slack.scene.fake, PEOPLE.dana, 'queue', 'q1')));
    const blocks = (await slack.scene.fake.waitFor('response_url', (c) => c.responseId === 'q1')).body.blocks;
    expect(JSON.stringify(blocks[1])).toContain(`#${urgent.id} Server room flooding`);
    expect(JSON.stringify(blocks)).toContain('1–20 of 23');
    const next = blocks.flatMap((b: any) => b.elements ?? []).find((e: any) => e.type === 'button' && e.text.text === 'Next');
    const payload = slackFixture('block-actions');
    payload.user.id = PEOPLE.dana.id;
    payload.actions = [{ ...payload.actions[0], action_id: next.action_id, value: next.value, text: next.text }];
    payload.response_url = slack.scene.fake.responseUrl('q2');
    payload.container = { ...payload.container, is_ephemeral: true };
    await slack.scene.post(interactiveBody(payload));
    const page2 = await slack.scene.fake.waitFor('response_url', (c) => c.responseId === 'q2');
    expect(JSON.stringify(page2.body.blocks)).toContain('21–23 of 23');
  });
});
