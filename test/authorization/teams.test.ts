/**
 * A slice of the authorization matrix through the real Teams bot over HTTP (loopback Bot Connector,
 * embedded site): a requester and an agent × show, claim, status, resolve and note on someone
 * else's ticket, typed (@mention in a channel, or in the 1:1 chat) and clicked (Action.Execute),
 * in a channel and in a personal chat. Checked: what reached each conversation, that a refusal says
 * the same as for a missing ticket and writes nothing, and that no internal note reaches anything
 * but the agent's own view.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sameAddress } from '../../src/core/vocabulary';
import { VERBS } from '../../src/core/verbs';
import type { RecordedActivity } from '../support/fake-connector';
import { cardOf, cardText, startTeamsHarness, USERS, type TeamsHarness } from '../teams/harness';
import { MISSING } from './scene';

let h: TeamsHarness;
const CHANNEL = { isGroup: true, conversationType: 'channel', tenantId: '72f988bf-0000-0000-0000-2d7cd011db47', id: '19:scrubbedGeneralChannel0000@thread.tacv2' };
const noteOf = (id: number) => `Internal: teams matrix ${id}`;

/** The slice of verbs: typed text and the card's verb and data. */
const VERB_CASES = [
  { name: 'show', typed: 'show {id}', verb: VERBS.show, data: {}, writes: false, public: false },
  { name: 'claim', typed: 'claim {id}', verb: VERBS.claim, data: {}, writes: true, public: true },
  { name: 'status', typed: 'status {id} In Progress', verb: VERBS.status, data: { status: 'In Progress' }, writes: true, public: true },
  { name: 'resolve', typed: 'resolve {id} teams matrix done', verb: VERBS.resolve, data: { note: 'teams matrix done' }, writes: true, public: true },
  { name: 'note', typed: 'note {id} teams matrix note', verb: VERBS.comment, data: { comment: 'teams matrix note', internal: 'true' }, writes: true, public: false },
] as const;

beforeAll(async () => {
  h = await startTeamsHarness();
}, 30_000);
afterAll(() => h?.close());

/** A ticket filed by `owner` with an internal note on it. */
async function ticketOf(owner: 'lynne' | 'grady'): Promise<number> {
  const t = await h.stack.helpdesk.createTicket({ email: h.emails[owner]!, name: USERS[owner].name }, { title: 'Teams matrix', description: 'matrix' });
  await h.stack.helpdesk.addComment({ email: h.emails.dana!, name: 'Dana' }, t.id, noteOf(t.id), { internal: true });
  return t.id;
}

async function site(id: number) {
  return h.stack.helpdesk.getTicketWithComments({ email: h.emails.dana!, name: 'Dana' }, id);
}

const textOf = (a: RecordedActivity) => `${a.activity.text ?? ''}\n${cardText(cardOf(a))}`;

/** What one action put where: in the shared conversation, in a 1:1 chat, and the card click's answer. */
interface Reached {
  shared: string[];
  personal: string[];
  invoke?: { type: string; text: string; userIds?: string[] };
}

async function act(user: 'lynne' | 'dana' | 'noEmail', how: 'typed' | 'clicked', where: 'channel' | 'personal', c: (typeof VERB_CASES)[number], id: number): Promise<Reached> {
  const before = h.connector.activities.length;
  const conversationId = where === 'channel' ? CHANNEL.id : undefined;
  let invoke: Reached['invoke'];
  if (how === 'typed') {
    const fixture = where === 'channel' ? 'message-channel-mention' : 'message-personal';
    const activity = h.fixture(fixture, user);
    const text = c.typed.replace('{id}', String(id));
    activity.text = where === 'channel' ? `<at>Help Desk</at> ${text}` : text;
    const res = await h.post(activity);
    expect(res.status, c.name).toBe(200);
  } else {
    const patch = where === 'channel' ? { conversation: { ...CHANNEL, id: `${CHANNEL.id};messageid=1763820642077` } } : {};
    const res = await h.execute(c.verb, { ticketId: id, ...c.data }, user, patch);
    const body = res.body;
    // A refused click answers as Teams expects an error the card shows in place: the invoke's status is 400.
    expect(res.status, c.name).toBe(body.type === 'application/vnd.microsoft.error' ? 400 : 200);
    const text = body.type === 'application/vnd.microsoft.error' ? body.value.message : typeof body.value === 'string' ? body.value : cardText(body.value);
    invoke = { type: body.type, text, userIds: body.value?.refresh?.userIds };
  }
  const sent = h.connector.activities.slice(before);
  const isShared = (a: RecordedActivity) => conversationId !== undefined && a.conversationId.startsWith(CHANNEL.id);
  return { shared: sent.filter(isShared).map(textOf), personal: sent.filter((a) => !isShared(a)).map(textOf), invoke };
}

/** The refusal a person read, wherever it reached them, with the ticket id written as `#`. */
function refusal(r: Reached, id: number): string {
  const text = r.invoke && r.invoke.type === 'application/vnd.microsoft.error' ? r.invoke.text : r.personal.join('\n');
  return text.replaceAll(String(id), '#');
}

describe('authorization matrix through the Teams bot', () => {
  for (const user of ['lynne', 'dana'] as const) {
    for (const how of ['typed', 'clicked'] as const) {
      for (const where of ['channel', 'personal'] as const) {
        it(`${user}, ${how}, ${where}: someone else's ticket`, async () => {
          for (const c of VERB_CASES) {
            const id = await ticketOf(user === 'lynne' ? 'grady' : 'lynne');
            const before = await site(id);
            const reached = await act(user, how, where, c, id);
            const after = await site(id);
            const everything = [...reached.shared, ...reached.personal, reached.invoke?.text ?? ''].join('\n');
            expect(everything.trim(), `${c.name}: something reached ${user}`).not.toBe('');
            // Internal notes: never in the channel, never to the requester; the agent's click answer only for the agent.
            expect(reached.shared.join('\n'), `${c.name}: note in the channel`).not.toContain(noteOf(id));
            expect(reached.shared.join('\n'), `${c.name}: the new note in the channel`).not.toContain('teams matrix note');
            if (user === 'lynne') expect(everything, `${c.name}: note shown to the requester`).not.toContain(noteOf(id));
            if (where === 'channel' && reached.invoke?.text.includes(noteOf(id))) expect(reached.invoke.userIds, c.name).toEqual([USERS.dana.id]);
            if (user === 'lynne') {
              expect(after.ticket.etag, `${c.name}: ticket unchanged`).toBe(before.ticket.etag);
              expect(after.comments.length, `${c.name}: no comment`).toBe(before.comments.length);
              if (where === 'channel') expect(reached.shared.every((t) => !t.includes('Teams matrix')), `${c.name}: nothing of the ticket in the channel`).toBe(true);
              const missing = await act(user, how, where, c, MISSING);
              expect(refusal(reached, id), `${c.name}: same refusal as for a missing ticket`).toBe(refusal(missing, MISSING));
              expect(refusal(reached, id), c.name).not.toBe('');
              continue;
            }
            // The agent: the change is at the site, and a change everyone should see is told in the channel.
            if (c.name === 'claim') expect(sameAddress(after.ticket.assignedTo, h.emails.dana), c.name).toBe(true);
            if (c.name === 'status') expect(after.ticket.status, c.name).toBe('In Progress');
            if (c.name === 'resolve') expect(after.ticket.status, c.name).toBe('Resolved');
            if (c.name === 'note') expect(after.comments.filter((x) => x.isInternal && x.body === c.data.comment), c.name).toHaveLength(1);
            if (!c.writes) expect(after.ticket.etag, c.name).toBe(before.ticket.etag);
            if (how === 'typed' && where === 'channel') {
              expect(reached.shared, c.name).toHaveLength(1);
              if (c.public) expect(reached.shared[0], c.name).toContain(`#${id}`);
              else expect(reached.personal.join('\n'), `${c.name}: the answer in the 1:1 chat`).toContain(`#${id}`);
            }
          }
        }, 120_000);
      }
    }
  }

  it('someone Teams shows no address for is refused every verb, typed and clicked, alike for any ticket, and nothing is written', async () => {
    for (const c of VERB_CASES) {
      for (const how of ['typed', 'clicked'] as const) {
        const id = await ticketOf('lynne');
        const before = await site(id);
        const reached = await act('noEmail', how, 'channel', c, id);
        const after = await site(id);
        expect([after.ticket.etag, after.comments.length], `${c.name} ${how}`).toEqual([before.ticket.etag, before.comments.length]);
        expect(reached.shared.join('\n'), `${c.name} ${how}`).not.toContain('Teams matrix');
        const missing = await act('noEmail', how, 'channel', c, MISSING);
        expect(refusal(reached, id), `${c.name} ${how}`).toBe(refusal(missing, MISSING));
        expect(refusal(reached, id), `${c.name} ${how}`).not.toBe('');
      }
    }
  }, 60_000);
});
