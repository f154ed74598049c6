/**
 * Private stays private in Teams (issue 10.1): in a channel or group chat, every answer meant for
 * one person goes to their 1:1 chat with the bot and the shared conversation gets one pointer
 * line; changes the conversation should see are answered there, without internal notes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_DECLARATIONS } from '../../src/commands';
import { PRIVATE_UNREACHABLE, SENT_PRIVATELY } from '../../src/commands/respond';
import type { RecordedActivity } from '../support/fake-connector';
import { cardOf, cardText, startTeamsHarness, USERS, type Activity, type TeamsHarness, type UserKey } from './harness';

let h: TeamsHarness;
let ticketId: number;
const NOTE = `Internal: vendor case ${Date.now()}`;
const DESCRIPTION = `The badge reader at door 4 beeps twice ${Date.now()}`;

/** A fresh ticket of Lynne's with one internal note, so each run starts from the same state. */
async function freshTicket(): Promise<number> {
  const lynne = { email: h.emails.lynne!, name: 'Lynne Robbins' };
  const t = await h.stack.helpdesk.createTicket(lynne, { title: 'Badge reader broken', description: DESCRIPTION, priority: 'Normal', category: 'Hardware' });
  await h.stack.helpdesk.addComment({ email: h.emails.dana!, name: 'Dana' }, t.id, NOTE, { internal: true });
  return t.id;
}

beforeAll(async () => {
  h = await startTeamsHarness();
  ticketId = await freshTicket();
}, 30_000);
afterAll(() => h?.close());

const GROUP = { conversationType: 'groupChat', isGroup: true, tenantId: '72f988bf-0000-0000-0000-2d7cd011db47', id: '19:scrubbedGroupChat0000@thread.v2' };

/** Sends `text` @mentioning the bot in a channel or group chat; returns what went where. */
async function inShared(where: 'channel' | 'group', text: string, user: UserKey) {
  const activity: Activity = h.fixture('message-channel-mention', user, where === 'group' ? { conversation: GROUP } : {});
  activity.text = `<at>Help Desk</at> ${text}`;
  const before = h.connector.activities.length;
  const created = h.connector.created.length;
  const res = await h.post(activity);
  expect(res.status).toBe(200);
  const sent = h.connector.activities.slice(before);
  const shared = sent.filter((a) => a.conversationId === activity.conversation.id);
  const personal = sent.filter((a) => a.conversationId !== activity.conversation.id);
  return { shared, personal, opened: h.connector.created.slice(created) };
}

const textOf = (a: RecordedActivity) => `${a.activity.text ?? ''}\n${cardText(cardOf(a))}`;

/** One typed example per command; each is answered publicly only when it changes the ticket for all. */
function examples(): Record<string, { text: string; public: boolean }> {
  return {
    help: { text: 'help', public: false },
    mine: { text: 'mine', public: false },
    show: { text: `show ${ticketId}`, public: false },
    sla: { text: `sla ${ticketId}`, public: false },
    queue: { text: 'queue all', public: false },
    assets: { text: 'assets', public: false },
    asset: { text: 'asset LT-0001', public: false },
    new: { text: 'new Printer jam', public: false },
    comment: { text: `comment ${ticketId} checked the cable`, public: false },
    note: { text: `note ${ticketId} vendor called back`, public: false },
    reply: { text: `reply ${ticketId} on it`, public: false },
    // Before resolve: reopening a ticket that is still open changes nothing, privately.
    reopen: { text: `reopen ${ticketId} still broken`, public: false },
    edit: { text: `edit ${ticketId}`, public: false },
    search: { text: 'search printer', public: false },
    claim: { text: `claim ${ticketId}`, public: true },
    assign: { text: `assign ${ticketId} ${h.emails.lee}`, public: true },
    status: { text: `status ${ticketId} In Progress`, public: true },
    priority: { text: `priority ${ticketId} High`, public: true },
    resolve: { text: `resolve ${ticketId} replaced the reader`, public: true },
    notifications: { text: 'notifications off', public: false },
    subscribe: { text: 'subscribe high', public: false },
    unsubscribe: { text: 'unsubscribe', public: false },
    subscriptions: { text: 'subscriptions', public: false },
    digest: { text: 'digest daily 09:00', public: false },
    language: { text: 'language', public: false },
  };
}

describe('typed commands in shared conversations', () => {
  it('has an example for every command, so a new command cannot skip this test', () => {
    expect(Object.keys(examples()).sort()).toEqual(COMMAND_DECLARATIONS.map((c) => c.name).sort());
  });

  for (const where of ['channel', 'group'] as const) {
    for (const user of ['dana', 'lynne'] as const) {
      it(`${where}, ${user}: private answers go to the 1:1 chat, the ${where} gets one pointer line`, async () => {
        ticketId = await freshTicket();
        for (const [name, example] of Object.entries(examples())) {
          const { shared, personal, opened } = await inShared(where, example.text, user);
          const isPublic = example.public && user === 'dana';
          expect(shared, `${name}: one message in the ${where}`).toHaveLength(1);
          if (isPublic) {
            expect(cardOf(shared[0]), name).toBeDefined();
            expect(personal, name).toHaveLength(0);
          } else {
            expect(shared[0].activity.text, name).toBe(SENT_PRIVATELY);
            expect(cardOf(shared[0]), name).toBeUndefined();
            expect(personal, `${name}: the answer in the 1:1 chat`).toHaveLength(1);
            expect(opened[0].members[0].id, name).toBe(USERS[user].id);
            expect(personal[0].conversationId).toMatch(/^a:created-/);
          }
          for (const a of shared) {
            expect(textOf(a), `${name}: nothing private in the ${where}`).not.toContain(NOTE);
            if (!isPublic) expect(textOf(a), name).not.toContain(DESCRIPTION);
          }
        }
      }, 60_000);
    }
  }

  it('shows the agent the internal note in the 1:1 chat when they ask in a channel', async () => {
    ticketId = await freshTicket();
    const { shared, personal } = await inShared('channel', `show ${ticketId}`, 'dana');
    expect(shared[0].activity.text).toBe(SENT_PRIVATELY);
    expect(textOf(personal[0])).toContain(NOTE);
  });

  it('says so without the private answer when the 1:1 chat cannot be opened', async () => {
    h.connector.fault = (call) => (call.conversationId?.startsWith('a:created-') ? { kind: 'http', status: 403 } : undefined);
    try {
      const { shared } = await inShared('channel', 'mine', 'lynne');
      expect(shared).toHaveLength(1);
      expect(shared[0].activity.text).toBe(PRIVATE_UNREACHABLE);
    } finally {
      h.connector.fault = undefined;
    }
  });
});

describe('card buttons in shared conversations', () => {
  const channel = (user: UserKey, verb: string, data: Record<string, unknown>) => {
    const conversation = { isGroup: true, conversationType: 'channel', tenantId: GROUP.tenantId, id: '19:scrubbedGeneralChannel0000@thread.tacv2;messageid=1763820642077' };
    return h.execute(verb, data, user, { conversation });
  };

  it('a form or list asked from a shared card goes to the 1:1 chat; the card is not replaced', async () => {
    for (const [verb, data] of [
      ['ticket.commentForm', { ticketId }],
      ['ticket.mine', {}],
      ['help.show', {}],
      ['ticket.new', {}],
    ] as const) {
      const before = h.connector.activities.length;
      const res = await channel('lynne', verb, data);
      expect(res.status, verb).toBe(200);
      expect(res.body.type, verb).toBe('application/vnd.microsoft.activity.message');
      expect(res.body.value, verb).toBe(SENT_PRIVATELY);
      const sent = h.connector.activities.slice(before);
      expect(sent.map((a) => a.conversationId), verb).toEqual([expect.stringMatching(/^a:created-/)]);
    }
  });

  it("a click on a shared ticket card answers with the clicker's own view, marked for them alone", async () => {
    const res = await channel('dana', 'ticket.show', { ticketId });
    expect(res.body.type).toBe('application/vnd.microsoft.card.adaptive');
    expect(res.body.value.refresh.userIds).toEqual([USERS.dana.id]);
    const requester = await channel('lynne', 'ticket.show', { ticketId });
    expect(requester.body.value.refresh.userIds).toEqual([USERS.lynne.id]);
    expect(cardText(requester.body.value)).not.toContain(NOTE);
  });
});
