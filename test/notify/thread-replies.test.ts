import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { webApi } from '@slack/bolt';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { slackThreadReplyHook } from '../../src/channels/slack/notify-delivery';
import { createLogger } from '../../src/log';
import { createThreadReplyHandler, type ThreadReplyHandler } from '../../src/notify';
import { createSqliteStore, type Store } from '../../src/store';
import { sharedSeededHelpdesk, type SeededHelpdesk } from '../support/seeded-helpdesk';
import { startFakeSlack, type FakeSlack } from '../support/fake-slack';

const alex = { email: 'alex@contoso.com', name: 'Alex' };
const dana = { email: 'dana@contoso.com', name: 'Dana' };
const quiet = createLogger({ level: 'error', write: () => undefined });
let dir: string;
let store: Store;
const seeded = sharedSeededHelpdesk([dana]);
let helpdesk: SeededHelpdesk;
let handle: ThreadReplyHandler;
let ticketId: number;

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'threads-'));
  store = createSqliteStore({ dataDir: dir });
  helpdesk = await seeded();
  ticketId = helpdesk.seedTicket({ title: 'Printer', submittedByEmail: alex.email }).id;
  await store.savePostedMessage({ platform: 'slack', conversationId: 'CDESK', ticketId, messageId: '100.1' });
  handle = createThreadReplyHandler({ store, helpdesk, logger: quiet });
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('replies in a ticket card thread', () => {
  it('a requester reply becomes a public comment and is acknowledged', async () => {
    const r = await handle('slack', 'CDESK', '100.1', alex, 'It jams on page 2');
    expect(r).toEqual({ ticketId, ok: true, internal: false, became: 'comment', text: `Added a public reply to #${ticketId}.` });
    expect(helpdesk.comments(ticketId).map((c) => [c.body, c.isInternal, c.authorEmail])).toEqual([['It jams on page 2', false, alex.email]]);
    // Remembered, so the poller does not echo it back into the same thread.
    const comment = helpdesk.comments(ticketId)[0];
    expect((await store.findAction('comment', comment.id))?.origin).toEqual({ platform: 'slack', conversationId: 'CDESK' });
  });

  it('agents choose with a note/reply prefix; public by default', async () => {
    await handle('slack', 'CDESK', '100.1', dana, 'note: toner is counterfeit');
    await handle('slack', 'CDESK', '100.1', dana, 'Reply Ordered a new toner');
    await handle('slack', 'CDESK', '100.1', dana, 'On my way');
    expect(helpdesk.comments(ticketId).map((c) => [c.body, c.isInternal])).toEqual([
      ['toner is counterfeit', true],
      ['Ordered a new toner', false],
      ['On my way', false],
    ]);
  });

  it('a requester cannot write an internal note: "note" stays part of a public reply', async () => {
    await handle('slack', 'CDESK', '100.1', alex, 'note that it is urgent');
    expect(helpdesk.comments(ticketId).map((c) => [c.body, c.isInternal])).toEqual([['note that it is urgent', false]]);
  });

  it('someone who may not comment is told why and nothing is added', async () => {
    const r = await handle('slack', 'CDESK', '100.1', { email: 'eve@contoso.com', name: 'Eve' }, 'me too');
    expect(r?.ok).toBe(false);
    expect(r?.text).not.toBe('');
    expect(helpdesk.comments(ticketId)).toEqual([]);
  });

  it('an empty agent reply is refused with the right form', async () => {
    const r = await handle('slack', 'CDESK', '100.1', dana, 'note');
    expect(r).toMatchObject({ ok: false });
    expect(r?.text).toMatch(/write your text after `reply` or `note`/);
  });

  it('a thread that is not under one of our cards is left alone', async () => {
    expect(await handle('slack', 'CDESK', '999.9', alex, 'hello')).toBeUndefined();
    expect(await handle('teams', 'CDESK', '100.1', alex, 'hello')).toBeUndefined();
  });
});

describe("commands in a ticket card's thread (both platforms)", () => {
  it("an agent's message starting with a ticket command runs it on the card's ticket, with or without the id", async () => {
    const claim = await handle('slack', 'CDESK', '100.1', dana, 'claim');
    expect(claim).toMatchObject({ became: 'command', ok: true });
    expect(claim?.text).toMatch(/Ran `claim` on #\d+ \(not added as a comment\)/);
    expect(helpdesk.ticket(ticketId)?.assignedTo).toBe(dana.email);
    await handle('slack', 'CDESK', '100.1', dana, 'priority High');
    await handle('slack', 'CDESK', '100.1', dana, `resolve ${ticketId} done, user did not read the manual`);
    expect([helpdesk.ticket(ticketId)?.priority, helpdesk.ticket(ticketId)?.status]).toEqual(['High', 'Resolved']);
    expect(helpdesk.comments(ticketId).map((c) => c.body)).not.toContain('claim');
    expect(helpdesk.comments(ticketId).map((c) => c.body)).not.toContain('priority High');
  });

  it("a requester's message stays a comment even when it starts with a command word", async () => {
    const r = await handle('slack', 'CDESK', '100.1', alex, 'claim it already please');
    expect(r).toMatchObject({ became: 'comment', ok: true, text: `Added a public reply to #${ticketId}.` });
    expect(helpdesk.ticket(ticketId)?.assignedTo).toBe('');
  });

  it('`reply:` forces a comment for anyone, `note:` an internal note for agents; the answer says which', async () => {
    const forced = await handle('slack', 'CDESK', '100.1', dana, 'reply: claim is next on my list');
    expect(forced).toMatchObject({ became: 'comment', internal: false });
    const requester = await handle('slack', 'CDESK', '100.1', alex, 'reply: status?');
    expect(requester?.text).toBe(`Added a public reply to #${ticketId}.`);
    const note = await handle('slack', 'CDESK', '100.1', dana, 'note: resolve after vendor call');
    expect(note).toMatchObject({ became: 'comment', internal: true, text: `Added an internal note to #${ticketId}.` });
    expect(helpdesk.comments(ticketId).map((c) => [c.body, c.isInternal])).toEqual([
      ['claim is next on my list', false],
      ['status?', false],
      ['resolve after vendor call', true],
    ]);
    expect(helpdesk.ticket(ticketId)?.assignedTo).toBe('');
  });

  it('a command that fails says why, adds nothing, and says how to comment instead', async () => {
    const r = await handle('slack', 'CDESK', '100.1', dana, 'status looks fine to me');
    expect(r).toMatchObject({ became: 'command', ok: false });
    expect(r?.text).toMatch(/is not a status/);
    expect(r?.text).toMatch(/start with `reply:`/);
    expect(helpdesk.comments(ticketId)).toEqual([]);
  });

  it('`new` in a thread is a word, not a command: it becomes a comment', async () => {
    const r = await handle('slack', 'CDESK', '100.1', dana, 'new toner arrived');
    expect(r).toMatchObject({ became: 'comment' });
  });
});

describe('Slack thread hook', () => {
  let slack: FakeSlack;
  beforeEach(async () => {
    slack = await startFakeSlack();
  });
  afterEach(async () => slack.close());

  it('acknowledges privately in the thread, and tells a person with a hidden email why nothing was added', async () => {
    const client = new webApi.WebClient(slack.token, { slackApiUrl: slack.apiUrl });
    const hook = slackThreadReplyHook({ client, store, handle, logger: quiet });
    const base = { channelId: 'CDESK', threadTs: '100.1', ts: '100.2', userId: 'UALEX', text: 'Still broken' };
    expect(await hook({ ...base, email: alex.email, name: 'Alex' })).toBe(true);
    expect(await hook({ ...base, userId: 'UHIDDEN' })).toBe(true);
    expect(await hook({ ...base, threadTs: '555.5', email: alex.email })).toBe(false);
    const acks = slack.callsTo('chat.postEphemeral').map((c) => [c.body.user, c.body.thread_ts, c.body.text]);
    expect(acks).toEqual([
      ['UALEX', '100.1', `:white_check_mark: Added a public reply to #${ticketId}.`],
      ['UHIDDEN', '100.1', ":warning: I can't see your email address in Slack, so your reply was not added to the ticket."],
    ]);
    expect(helpdesk.comments(ticketId)).toHaveLength(1);
  });
});
