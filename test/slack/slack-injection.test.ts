/**
 * Issue 10.3 and 17.8, Slack side: hostile text in every user field, pushed into every Slack
 * surface, never becomes a ping, a link or a mention; and what people type reaches the ticket
 * exactly as typed (only Slack's own markup is translated on the way in).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketUnfurl } from '../../src/channels/slack';
import { homeView } from '../../src/channels/slack/blocks/home';
import { formModal } from '../../src/channels/slack/blocks/modal';
import { renderMessage } from '../../src/channels/slack/blocks/message';
import { fromSlackText } from '../../src/channels/slack/inbound-text';
import { createSlackDelivery } from '../../src/channels/slack/notify-delivery';
import { handBack } from '../../src/channels/slack/modals';
import { createLogger } from '../../src/log';
import { createSqliteStore, type Store } from '../../src/store';
import { ticketSummary, ticketView } from '../../src/views/ticket-view';
import { homeActions } from '../../src/views/help-view';
import { newTicketForm } from '../../src/views/forms';
import { startSeededHelpdesk, type SeededHelpdesk } from '../support/seeded-helpdesk';
import type { SlackCall } from '../support/fake-slack';
import { eventBody, interactiveBody, slackFixture, slashBody } from '../support/slack-request';
import { AGENTS, PEOPLE, slash, startSlackScene, type SlackScene } from './harness';

/** Strings that would ping, link or mention if they reached mrkdwn unescaped. */
const HOSTILE = ['<!channel>', '<!here>', '<!everyone>', '<@U0AGENT2>', '<#C0GENERAL|general>', '<https://evil.example/login|Reset your password>', '&lt;!here&gt;', 'x<5 & y>3'];
const hostile = (label: string) => `${label} ${HOSTILE.join(' ')}`;

/** Every mrkdwn string a Slack call carries: `text` fallbacks and every `{ type: 'mrkdwn' }` object. */
function mrkdwnStrings(body: unknown): string[] {
  const out: string[] = [];
  const walk = (v: unknown, key?: string) => {
    if (Array.isArray(v)) return v.forEach((x) => walk(x));
    if (!v || typeof v !== 'object') return;
    const o = v as Record<string, unknown>;
    if (o.type === 'mrkdwn' && typeof o.text === 'string') out.push(o.text);
    for (const [k, x] of Object.entries(o)) if (k !== 'text' || typeof x !== 'string' || key === undefined) walk(x, k);
  };
  const b = body as Record<string, unknown>;
  if (typeof b?.text === 'string') out.push(b.text);
  walk(body);
  return out;
}

/** Our own link to a Slack permalink is the only markup allowed; a blockquote `>` starts a line. */
const OWN_LINK = /<https:\/\/example\.slack\.com\/archives\/[^|<>]+\|[^<>|]+>/g;
/** Our own date tokens (shown in each reader's time zone); their fallback is escaped text. */
const OWN_DATE = /<!date\^\d+\^\{date_short_pretty\} \{time\}\|[^<>|]*>/g;

/** What in a mrkdwn string could change its meaning: a raw <, a > inside a line, a bare &. */
function unsafe(s: string): string[] {
  const rest = s.replace(OWN_LINK, '').replace(OWN_DATE, '');
  const found: string[] = [];
  if (rest.includes('<')) found.push(`raw < in ${JSON.stringify(rest.slice(Math.max(0, rest.indexOf('<') - 20), rest.indexOf('<') + 30))}`);
  for (const line of rest.split('\n')) if (line.slice(1).includes('>')) found.push(`raw > in ${JSON.stringify(line.slice(0, 80))}`);
  if (/&(?!(amp|lt|gt);)/.test(rest)) found.push(`bare & in ${JSON.stringify(rest.slice(0, 80))}`);
  return found;
}

function expectSafe(where: string, body: unknown): number {
  const strings = mrkdwnStrings(body);
  expect(strings.flatMap(unsafe), where).toEqual([]);
  return strings.length;
}

describe('Slack: user text never changes what a message means', () => {
  let scene: SlackScene;
  let helpdesk: SeededHelpdesk;
  let store: Store;
  let dir: string;
  let ticketId: number;
  const eve = { id: 'UEVE00001', name: hostile('Eve'), email: 'eve@example.com' };

  beforeAll(async () => {
    helpdesk = await startSeededHelpdesk([...AGENTS, { email: 'mallory@example.com', name: hostile('Mallory') }]);
    scene = await startSlackScene(helpdesk);
    scene.fake.users.set(eve.id, eve);
    const t = helpdesk.seedTicket({
      title: hostile('Printer'),
      description: hostile('Description'),
      category: hostile('Category'),
      submittedByEmail: eve.email,
      submittedByName: eve.name,
      assignedTo: 'mallory@example.com',
    });
    ticketId = t.id;
    helpdesk.seedComment({ ticketId, body: hostile('Comment'), authorEmail: eve.email, authorName: eve.name });
    helpdesk.seedComment({ ticketId, body: hostile('Note'), authorEmail: 'mallory@example.com', authorName: hostile('Mallory'), isInternal: true });
    helpdesk.seedAsset({ assetTag: 'LT-1', assignedTo: eve.email, title: hostile('Laptop'), model: hostile('Model'), manufacturer: hostile('Maker') });
    dir = mkdtempSync(path.join(tmpdir(), 'slack-inj-'));
    store = createSqliteStore({ dataDir: dir });
  });
  afterAll(async () => {
    await scene?.close();
    await helpdesk?.close();
    await store?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('every surface the bot writes to: slash answers, DMs, channel posts, App Home, modals, errors, notification cards, thread lines, DMs', async () => {
    const { fake } = scene;
    fake.clear();
    // Ephemeral answers to typed commands (ticket, list, assets, an unknown command quoting what was typed).
    for (const [i, cmd] of [`show ${ticketId}`, 'mine', 'assets', hostile('frobnicate')].entries()) {
      await scene.post(slashBody(slash(fake, eve, cmd, `eve-${i}`)));
      await fake.waitFor('response_url', (c) => c.responseId === `eve-${i}`);
    }
    // An agent's public claim in the channel, and the same ticket in a DM.
    await scene.post(slashBody(slash(fake, PEOPLE.dana, `show ${ticketId}`, 'dana-show')));
    await fake.waitFor('response_url', (c) => c.responseId === 'dana-show');
    const dm = slackFixture('event-message-im');
    dm.event_id = 'Ev-inj-dm';
    dm.event = { ...dm.event, user: eve.id, text: `show ${ticketId}` };
    await scene.post(eventBody(dm));
    await fake.waitFor('chat.postMessage', (c) => String(c.body.channel).startsWith('D'));
    // App Home for an agent (queue) and the requester.
    for (const [i, who] of [PEOPLE.dana.id, eve.id].entries()) {
      const home = slackFixture('event-app-home-opened');
      home.event_id = `Ev-inj-home-${i}`;
      home.event.user = who;
      await scene.post(eventBody(home));
      await fake.waitFor('views.publish', (c) => c.body.user_id === who);
    }
    // A modal: the comment form on the hostile ticket, opened from a button.
    const click = slackFixture('block-actions');
    click.user.id = eve.id;
    click.actions = [{ ...click.actions[0], action_id: 'ticket.commentForm', value: JSON.stringify({ ticketId }) }];
    await scene.post(interactiveBody(click));
    await fake.waitFor('views.update', (c) => c.body.view?.callback_id === 'helpdesk_form');

    // Notification cards, thread lines and DMs go through the notify delivery on the same client.
    const delivery = createSlackDelivery({ client: scene.channel.client, store, logger: createLogger({ write: () => undefined }) });
    await store.savePersonAddress({ platform: 'slack', email: eve.email, userId: eve.id });
    const cardView = ticketView(helpdesk.ticket(ticketId)!, helpdesk.comments(ticketId), { email: '', isAgent: true }, helpdesk.vocabulary);
    const ts = await delivery.postCard('C2147483705', cardView);
    await delivery.postThreadLine('C2147483705', ts, hostile('Status changed by'));
    await delivery.sendDirect(eve.email, hostile('Your ticket'));

    const surfaces = new Set<string>();
    let checked = 0;
    for (const call of fake.calls as SlackCall[]) {
      const body = call.method.startsWith('views.') ? call.body.view : call.body;
      if (!/^(chat\.|views\.|response_url)/.test(call.method)) continue;
      surfaces.add(call.method);
      checked += expectSafe(`${call.method} ${call.responseId ?? ''}`, body);
    }
    expect([...surfaces].sort()).toEqual(expect.arrayContaining(['chat.postMessage', 'response_url', 'views.open', 'views.publish', 'views.update']));
    expect(checked).toBeGreaterThan(40);
    // The hostile text really was there (escaped), so the check above saw it.
    const all = JSON.stringify(fake.calls.map((c) => c.body));
    expect(all).toContain('&lt;!channel&gt;');
    expect(all).toContain('&amp;lt;!here&amp;gt;');
  });

  it('views rendered without a request: unfurls, forms handed back, home notices, new-ticket modals with a source link', () => {
    const ticket = helpdesk.ticket(ticketId)!;
    const view = ticketView(ticket, helpdesk.comments(ticketId), { email: eve.email, isAgent: false }, helpdesk.vocabulary, { text: hostile('Notice'), tone: 'warning' });
    expectSafe('ticket message', renderMessage({ type: 'ticket', ticket: view }));
    expectSafe('unfurl', ticketUnfurl(ticketSummary(ticket, { email: eve.email, isAgent: true })));
    expectSafe('handed back', handBack({ verb: 'ticket.create', form: 'new-ticket' }, { title: hostile('T'), description: hostile('D') }, hostile('Reason')));
    expectSafe('home', homeView({ mine: { type: 'text', text: hostile('Mine') }, notice: hostile('Home notice'), actions: homeActions() }));
    const form = { ...newTicketForm(helpdesk.vocabulary, { title: hostile('t') }), title: hostile('Form'), values: { title: hostile('t') }, errors: [{ field: 'title', message: hostile('Error') }], priorities: [], categories: [], allowInternal: false };
    expectSafe('modal with own link', formModal({ ...form, sourceLink: 'https://example.slack.com/archives/C1/p1' }));
    expectSafe('modal with a forged link', formModal({ ...form, sourceLink: 'https://evil.example|click><!channel>' }));
    for (const v of [{ type: 'error', error: { message: hostile('E'), usage: hostile('U') } }, { type: 'confirmation', confirmation: { message: hostile('C'), actions: [] } }] as const) expectSafe(v.type, renderMessage(v as never));
  });
});

describe('Slack: what people type reaches the ticket exactly', () => {
  it('decodes only Slack’s three escapes and translates only Slack’s own markup', () => {
    // What Slack sends for someone typing: <null> x<5 &amp; &#99999999; and a link, a channel and @here.
    const sent = '&lt;null&gt; x&lt;5 &amp;amp; &amp;#99999999; <https://example.com/a?b=1&amp;c=2|the docs> <#C123|general> <!here> <@U2147483698>';
    expect(fromSlackText(sent)).toBe('<null> x<5 &amp; &#99999999; the docs (https://example.com/a?b=1&c=2) #general @here <@U2147483698>');
    expect(fromSlackText(sent, 'name')).toContain('@U2147483698');
  });

  let scene: SlackScene;
  let helpdesk: SeededHelpdesk;
  beforeAll(async () => {
    helpdesk = await startSeededHelpdesk(AGENTS);
    scene = await startSlackScene(helpdesk);
  });
  afterAll(async () => {
    await scene?.close();
    await helpdesk?.close();
  });

  it('a typed title prefills the form exactly, the filed ticket keeps it, and a slash comment keeps <b> and & as typed', async () => {
    const typed = 'Printer <null> says x<5 & &#99999999;';
    await scene.post(slashBody(slash(scene.fake, PEOPLE.sam, 'new Printer &lt;null&gt; says x&lt;5 &amp; &amp;#99999999;', 'exact-new')));
    const form = await scene.fake.waitFor('views.update', (c) => c.body.view?.callback_id === 'helpdesk_form');
    const title = form.body.view.blocks.find((b: any) => b.block_id === 'title').element.initial_value;
    expect(title).toBe(typed);
    // Modal inputs are plain text (Slack does not escape them): submitted as they are.
    const submit = slackFixture('view-submission');
    submit.view.private_metadata = form.body.view.private_metadata;
    submit.view.state.values.title.value.value = title;
    await scene.post(interactiveBody(submit));
    await expect.poll(() => helpdesk.ticket(1)?.title).toBe(typed);
    await scene.post(slashBody(slash(scene.fake, PEOPLE.sam, 'comment 1 use &lt;b&gt; &amp; see <https://x.example|x>', 'exact-comment')));
    await expect.poll(() => helpdesk.comments(1).map((c) => c.body)).toEqual(['use <b> & see x (https://x.example)']);
  });
});
