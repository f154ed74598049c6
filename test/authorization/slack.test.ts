/**
 * A slice of the authorization matrix through the real Slack channel (Bolt over signed HTTP, the
 * loopback Slack Web API stand-in, the embedded site): a requester and an agent × show, claim,
 * status, resolve and note on someone else's ticket, typed (slash command) and clicked (buttons,
 * block_actions; modal submits, view_submission), in a channel and in a DM. Checked: what reached
 * the channel and the person, that a refusal says the same as for a missing ticket and writes
 * nothing, and that no internal note reaches anything but the agent's own view.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERBS } from '../../src/core/verbs';
import type { SlackCall } from '../support/fake-slack';
import { interactiveBody, slackFixture, slashBody } from '../support/slack-request';
import { PEOPLE, slash, startSlackScene, type SlackScene } from '../slack/harness';
import { startTestHelpdesk, type TestHelpdesk } from '../slack/helpdesk';
import { MISSING } from './scene';

const CHANNEL = 'C2147483705';
const DM = 'D0AUTHZ0001';
const noteOf = (id: number) => `Internal: slack matrix ${id}`;
/** Mentions ticket `id` (not another whose number starts the same); calls about other tickets may still be arriving. */
const about = (id: number) => new RegExp(`#${id}\\b`);
type User = 'sam' | 'dana' | 'guest';

/** The slice: the typed command, and the click (a button) or the modal submit that does the same. */
const CASES = [
  { name: 'show', typed: 'show {id}', button: { verb: VERBS.show, data: {} } },
  { name: 'claim', typed: 'claim {id}', button: { verb: VERBS.claim, data: {} } },
  { name: 'status', typed: 'status {id} In Progress', button: { verb: VERBS.status, data: { status: 'In Progress' } } },
  { name: 'resolve', typed: 'resolve {id} slack matrix done', submit: { verb: VERBS.resolve, form: 'resolve', state: { note: { value: { type: 'plain_text_input', value: 'slack matrix done' } } } } },
  {
    name: 'note',
    typed: 'note {id} slack matrix note',
    submit: { verb: VERBS.comment, form: 'comment', state: { comment: { value: { type: 'plain_text_input', value: 'slack matrix note' } }, internal: { value: { type: 'checkboxes', selected_options: [{ value: 'true' }] } } } },
  },
] as const;
type Case = (typeof CASES)[number];

let hd: TestHelpdesk;
let scene: SlackScene;
let n = 0;
const actor = (u: 'sam' | 'robin' | 'dana') => ({ email: PEOPLE[u].email, name: PEOPLE[u].name });

beforeAll(async () => {
  hd = await startTestHelpdesk();
  scene = await startSlackScene(hd.helpdesk);
}, 30_000);
afterAll(async () => {
  await scene?.close();
  await hd?.close();
});

async function ticketOf(owner: 'sam' | 'robin'): Promise<number> {
  const t = await hd.helpdesk.createTicket(actor(owner), { title: 'Slack matrix', description: 'matrix' });
  await hd.helpdesk.addComment(actor('dana'), t.id, noteOf(t.id), { internal: true });
  return t.id;
}
const site = (id: number) => hd.helpdesk.getTicketWithComments(actor('dana'), id);

/** Everyone in the channel sees it. */
function isPublic(c: SlackCall): boolean {
  if (c.method === 'response_url') return c.body.response_type === 'in_channel';
  return (c.method === 'chat.postMessage' || c.method === 'chat.update') && String(c.body.channel).startsWith('C');
}

/** The words a person reads in a call: `text` fields anywhere in it (message text, blocks, errors). */
function wordsOf(value: unknown): string {
  const out: string[] = [];
  const walk = (v: unknown, key?: string) => {
    if (typeof v === 'string' && (key === 'text' || key === 'errors')) out.push(v);
    else if (Array.isArray(v)) v.forEach((x) => walk(x, key));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, key === 'errors' ? 'errors' : k);
  };
  walk(value);
  return out.join('\n');
}

/** What one action put where; `answer` is the HTTP answer to a modal submit (its inline errors). */
interface Reached {
  rid: string;
  shared: SlackCall[];
  own: SlackCall[];
  answer?: unknown;
}

async function act(user: User, how: 'typed' | 'clicked', where: 'channel' | 'dm', c: Case, id: number): Promise<Reached> {
  const who = PEOPLE[user];
  const channelId = where === 'channel' ? CHANNEL : DM;
  const rid = `authz-${++n}`;
  scene.fake.clear();
  let answer: unknown;
  if (how === 'typed') {
    await scene.post(slashBody({ ...slash(scene.fake, who, c.typed.replace('{id}', String(id)), rid), channel_id: channelId, channel_name: where === 'dm' ? 'directmessage' : 'it-help' }));
  } else if ('button' in c) {
    const click = slackFixture('block-actions');
    click.user.id = who.id;
    click.channel = { id: channelId, name: where === 'dm' ? 'directmessage' : 'it-help' };
    click.container = { ...click.container, channel_id: channelId };
    click.actions = [{ ...click.actions[0], action_ts: `${Date.now()}.${n}`, action_id: c.button.verb, value: JSON.stringify({ ticketId: id, ...c.button.data }) }];
    click.response_url = scene.fake.responseUrl(rid);
    await scene.post(interactiveBody(click));
  } else {
    const submit = slackFixture('view-submission');
    submit.user.id = who.id;
    submit.view.private_metadata = JSON.stringify({ verb: c.submit.verb, form: c.submit.form, ticketId: id, channelId, messageTs: '1732280000.000100' });
    submit.view.state = { values: c.submit.state };
    const res = await scene.post(interactiveBody(submit));
    expect(res.status, c.name).toBe(200);
    answer = res.text ? res.json() : undefined;
  }
  // Barrier: this person's `help`, answered after anything the action sent before it.
  if (!answer) await Promise.race(['response_url', 'chat.postMessage', 'chat.postEphemeral', 'chat.update'].map((m) => scene.fake.waitFor(m)));
  const barrier = `${rid}-barrier`;
  await scene.post(slashBody(slash(scene.fake, PEOPLE.dana, 'help', barrier)));
  await scene.fake.waitFor('response_url', (x) => x.responseId === barrier);
  const calls = scene.fake.calls.filter((x) => x.responseId !== barrier && !x.method.startsWith('users.') && x.method !== 'conversations.open');
  return { rid, shared: calls.filter(isPublic), own: calls.filter((x) => !isPublic(x)), answer };
}

/** The refusal a person read (the modal's inline errors, or the answer to their command or click), the ticket id written as `#`. */
function refusal(r: Reached, id: number): string {
  return [wordsOf(r.answer), ...r.own.filter((x) => x.responseId === r.rid).map((x) => wordsOf(x.body))].join('\n').replaceAll(String(id), '#');
}

describe('authorization matrix through the Slack app', () => {
  for (const user of ['sam', 'dana'] as const) {
    for (const how of ['typed', 'clicked'] as const) {
      for (const where of ['channel', 'dm'] as const) {
        it(`${user}, ${how}, ${where}: someone else's ticket`, async () => {
          for (const c of CASES) {
            const id = await ticketOf(user === 'sam' ? 'robin' : 'sam');
            const before = await site(id);
            const reached = await act(user, how, where, c, id);
            const after = await site(id);
            const everything = JSON.stringify(reached);
            expect(JSON.stringify(reached.shared), `${c.name}: note in the channel`).not.toContain(noteOf(id));
            expect(JSON.stringify(reached.shared), `${c.name}: the new note in the channel`).not.toContain('slack matrix note');
            if (user === 'sam') {
              expect(everything, `${c.name}: note shown to the requester`).not.toContain(noteOf(id));
              expect([after.ticket.etag, after.comments.length], `${c.name}: nothing written`).toEqual([before.ticket.etag, before.comments.length]);
              expect(JSON.stringify(reached.shared), `${c.name}: nothing of the ticket in the channel`).not.toMatch(about(id));
              const missing = await act(user, how, where, c, MISSING);
              expect(refusal(reached, id), `${c.name}: same refusal as for a missing ticket`).toBe(refusal(missing, MISSING));
              expect(refusal(reached, id).trim(), c.name).not.toBe('');
              continue;
            }
            if (c.name === 'claim') expect(after.ticket.assignedTo, c.name).toBe(PEOPLE.dana.email);
            if (c.name === 'status') expect(after.ticket.status, c.name).toBe('In Progress');
            if (c.name === 'resolve') expect(after.ticket.status, c.name).toBe('Resolved');
            if (c.name === 'note') expect(after.comments.filter((x) => x.isInternal && x.body === 'slack matrix note'), c.name).toHaveLength(1);
            if (c.name === 'show') expect(after.ticket.etag, c.name).toBe(before.ticket.etag);
            expect(everything, `${c.name}: the agent sees the ticket`).toContain(`#${id}`);
            if (c.name === 'show' && how === 'clicked' && where === 'channel') {
              // The shared card keeps the shared view; the agent's own view, notes included, comes to them alone.
              const own = await scene.fake.waitFor('response_url', (x) => x.responseId === reached.rid);
              expect(own.body.response_type, c.name).toBe('ephemeral');
              expect(JSON.stringify(own.body), c.name).toContain(noteOf(id));
            }
            // A change everyone should see reaches the channel; typed there, it is said in the channel.
            if (where === 'channel' && ['claim', 'status', 'resolve'].includes(c.name)) expect(reached.shared.length, c.name).toBeGreaterThan(0);
          }
        }, 120_000);
      }
    }
  }

  it('someone Slack shows no email is refused alike for any ticket, and nothing is written', async () => {
    for (const c of CASES) {
      for (const how of ['typed', 'clicked'] as const) {
        const id = await ticketOf('sam');
        const before = await site(id);
        const reached = await act('guest', how, 'channel', c, id);
        const after = await site(id);
        expect([after.ticket.etag, after.comments.length], `${c.name} ${how}`).toEqual([before.ticket.etag, before.comments.length]);
        expect(JSON.stringify(reached.shared), `${c.name} ${how}`).not.toMatch(about(id));
        const missing = await act('guest', how, 'channel', c, MISSING);
        expect(refusal(reached, id), `${c.name} ${how}`).toBe(refusal(missing, MISSING));
        expect(refusal(reached, id).trim(), `${c.name} ${how}`).not.toBe('');
      }
    }
  }, 60_000);
});
