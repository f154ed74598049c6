/**
 * Exactly once in and out, Teams (issue 9.3, 9.4): a redelivered activity (same id) never files a
 * second ticket or comment; when a change was saved and only its answer failed, the answer is
 * retried and then the person is told later that it was saved, never "try again".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTeamsHarness, type TeamsHarness } from './harness';

let h: TeamsHarness;
const claimed = new Map<string, number>();
const toldLater: { email: string; text: string }[] = [];

beforeAll(async () => {
  h = await startTeamsHarness({
    // The Store's claimInbound contract, kept in memory for this channel-level test.
    claimInbound: async (key) => {
      claimed.set(key, (claimed.get(key) ?? 0) + 1);
      return claimed.get(key) === 1 ? 'first' : 'duplicate';
    },
    tellLater: async (email, text) => void toldLater.push({ email, text }),
  });
}, 30_000);
afterAll(() => h?.close());

const lynne = () => ({ email: h.emails.lynne!, name: 'Lynne Robbins' });

describe('Teams: exactly once', () => {
  it('a redelivered message (same activity id) adds its comment once and is answered once', async () => {
    const t = await h.stack.helpdesk.createTicket(lynne(), { title: 'Redelivery check' });
    const activity = h.fixture('message-personal', 'lynne');
    activity.text = `comment ${t.id} it happened again`;
    const before = h.connector.activities.length;
    expect((await h.post(activity)).status).toBe(200);
    expect((await h.post(activity)).status).toBe(200);
    const comments = await h.stack.helpdesk.listComments(lynne(), t.id);
    expect(comments.map((c) => c.body)).toEqual(['it happened again']);
    expect(h.connector.activities.length - before).toBe(1);
  });

  it('a redelivered "create ticket from message" submit files one ticket', async () => {
    const activity = h.fixture('submit-action', 'lynne');
    const title = `Submitted once ${Date.now()}`;
    activity.value.data = { ...activity.value.data, title };
    await h.post(activity);
    const again = await h.post(activity);
    expect(again.status).toBe(200);
    const mine = await h.stack.helpdesk.listTickets(lynne(), { submittedBy: lynne().email });
    expect(mine.filter((x) => x.title === title)).toHaveLength(1);
  });

  it('a saved comment whose answer fails once is answered on the retry', async () => {
    const t = await h.stack.helpdesk.createTicket(lynne(), { title: 'Retry the answer' });
    h.connector.failNextSends(1, 400);
    const replies = await h.say(`comment ${t.id} first try`, 'lynne');
    expect(replies).toHaveLength(1);
    expect((await h.stack.helpdesk.listComments(lynne(), t.id)).map((c) => c.body)).toEqual(['first try']);
  });

  it('when the answer to a saved change cannot be sent at all, nobody is told to try again; the person is told later', async () => {
    const t = await h.stack.helpdesk.createTicket(lynne(), { title: 'Answer lost' });
    h.connector.failNextSends(2, 400);
    const replies = await h.say(`comment ${t.id} saved anyway`, 'lynne');
    expect(replies.filter((r) => /try again/i.test(r.activity.text ?? ''))).toHaveLength(0);
    expect((await h.stack.helpdesk.listComments(lynne(), t.id)).map((c) => c.body)).toEqual(['saved anyway']);
    expect(toldLater.at(-1)).toEqual({ email: h.emails.lynne, text: expect.stringMatching(new RegExp(`Your change on #${t.id} was saved`)) });
  });
});

describe('Teams: exactly once without a shared Store', () => {
  it('a channel built without claimInbound still ignores a redelivery (its own in-process record)', async () => {
    const plain = await startTeamsHarness();
    try {
      const me = { email: plain.emails.lynne!, name: 'Lynne Robbins' };
      const t = await plain.stack.helpdesk.createTicket(me, { title: 'Redelivery, no store' });
      const activity = plain.fixture('message-personal', 'lynne');
      activity.text = `comment ${t.id} only once please`;
      await plain.post(activity);
      await plain.post(activity);
      const comments = await plain.stack.helpdesk.listComments(me, t.id);
      expect(comments.map((c) => c.body)).toEqual(['only once please']);
    } finally {
      await plain.close();
    }
  });
});
