/**
 * Search and link unfurling in Slack through the real channel (Bolt over HTTP) and the fake Slack
 * Web API: `/helpdesk search`, `search` in a DM, and link_shared -> chat.unfurl.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Ticket } from '../../src/helpdesk/types';
import { AGENTS, PEOPLE, slash, startSlackScene, type SlackScene } from '../slack/harness';
import { startHelpdeskStack, type HelpdeskStack } from '../support/helpdesk-stack';
import { eventBody, slackFixture, slashBody } from '../support/slack-request';
import { openTestIndex, type TestIndex } from './indexed';

const PORTAL = 'https://helpdesk.contoso.com/tickets/{id}';
const sam = { email: PEOPLE.sam.email, name: PEOPLE.sam.name };
const robin = { email: PEOPLE.robin.email, name: PEOPLE.robin.name };
const spLink = (id: number) => `https://contoso.sharepoint.com/sites/helpdesk/Lists/SD_Tickets/DispForm.aspx?ID=${id}`;
const portalLink = (id: number) => PORTAL.replace('{id}', String(id));
const json = (v: unknown) => JSON.stringify(v);

let stack: HelpdeskStack;
let index: TestIndex;
let scene: SlackScene;
let samVpn: Ticket;
let samOdd: Ticket;
let robinVpn: Ticket;

beforeAll(async () => {
  index = openTestIndex();
  stack = await startHelpdeskStack({ seed: 'none', settings: { ticketUrlPattern: PORTAL }, service: { searchIndex: index.store, agentCacheTtlMs: 0 } });
  for (const a of AGENTS) stack.emulator.data.insert('SD_Agents', { Title: a.name, SD_Email: a.email, SD_IsActive: true });
  samVpn = await stack.helpdesk.createTicket(sam, { title: 'VPN drops at home', description: 'Every ten minutes' });
  samOdd = await stack.helpdesk.createTicket(sam, { title: 'Printer says <!channel> & *bold*', description: 'odd text' });
  robinVpn = await stack.helpdesk.createTicket(robin, { title: 'VPN token expired', description: 'Robin cannot sign in' });
  await index.fill(stack);
  scene = await startSlackScene(stack.helpdesk);
}, 30_000);
afterAll(async () => {
  await scene?.close();
  await stack?.close();
  await index?.close();
});
beforeEach(() => scene.fake.clear());

function linkShared(who: { id: string }, links: string[], over: Record<string, unknown> = {}) {
  const envelope = slackFixture('event-link-shared');
  envelope.event_id = `Ev${Math.random().toString(36).slice(2, 10).toUpperCase()}`;
  envelope.event = { ...envelope.event, user: who.id, links: links.map((url) => ({ domain: new URL(url).hostname, url })), ...over };
  return scene.post(eventBody(envelope));
}

describe('Slack: typed search', () => {
  it('`/helpdesk search` answers privately; a requester finds only their own tickets', async () => {
    await scene.post(slashBody(slash(scene.fake, PEOPLE.sam, 'search vpn', 'search-sam')));
    const answer = await scene.fake.waitFor('response_url', (c) => c.responseId === 'search-sam');
    expect(answer.body.response_type).toBe('ephemeral');
    expect(json(answer.body.blocks)).toContain('VPN drops at home');
    expect(json(answer.body.blocks)).not.toContain('VPN token expired');
    expect(json(answer.body.blocks)).toContain('ticket.show');
  });

  it('`search` in a DM: an agent finds everyone\'s tickets, by id first', async () => {
    const envelope = slackFixture('event-message-im');
    envelope.event = { ...envelope.event, user: PEOPLE.dana.id, text: `search vpn #${robinVpn.id}`, channel: 'D0DANA0001' };
    await scene.post(eventBody(envelope));
    const posted = await scene.fake.waitFor('chat.postMessage', (c) => c.body.channel === 'D0DANA0001');
    const text = json(posted.body.blocks);
    expect(text).toContain('VPN drops at home');
    expect(text.indexOf('VPN token expired')).toBeGreaterThan(-1);
    expect(text.indexOf('VPN token expired')).toBeLessThan(text.indexOf('VPN drops at home'));
  });
});

describe('Slack: link unfurling (link_shared -> chat.unfurl)', () => {
  it('unfurls the links the person may see, with the exact chat.unfurl shape; others stay links', async () => {
    const links = [spLink(samVpn.id), spLink(robinVpn.id), portalLink(samOdd.id), 'https://contoso.sharepoint.com/sites/x/Shared%20Documents/a.docx'];
    expect((await linkShared(PEOPLE.sam, links)).status).toBe(200);
    const call = await scene.fake.waitFor('chat.unfurl');
    expect(Object.keys(call.body).sort()).toEqual(['channel', 'ts', 'unfurls']);
    expect(call.body.channel).toBe('C2147483705');
    expect(call.body.ts).toBe('1732281000.100200');
    expect(Object.keys(call.body.unfurls).sort()).toEqual([spLink(samVpn.id), portalLink(samOdd.id)].sort());
    const card = call.body.unfurls[spLink(samVpn.id)];
    expect(Object.keys(card)).toEqual(['blocks']);
    const text = json(card.blocks);
    for (const part of [`#${samVpn.id} VPN drops at home`, samVpn.status, samVpn.priority, 'unassigned', 'Sam Requester', 'ticket.show']) expect(text).toContain(part);
    expect(text).not.toContain('ticket.claim');
    // Ticket text is escaped: a title cannot ping the channel or break the markup.
    const odd = json(call.body.unfurls[portalLink(samOdd.id)].blocks);
    expect(odd).toContain('&lt;!channel&gt; &amp;');
    expect(odd).not.toContain('<!channel>');
  });

  it('links from the composer are answered by unfurl_id and source', async () => {
    await linkShared(PEOPLE.sam, [spLink(samVpn.id)], { source: 'composer', unfurl_id: 'C2147483705.scrubbed-composer-unfurl', message_ts: 'Ucomposer-0001' });
    const call = await scene.fake.waitFor('chat.unfurl');
    expect(call.body).toMatchObject({ source: 'composer', unfurl_id: 'C2147483705.scrubbed-composer-unfurl' });
    expect(call.body.channel).toBeUndefined();
    expect(Object.keys(call.body.unfurls)).toEqual([spLink(samVpn.id)]);
  });

  it('a link to someone else\'s ticket, or to no ticket, makes no chat.unfurl call at all', async () => {
    await linkShared(PEOPLE.sam, [spLink(robinVpn.id), spLink(99_999)]);
    await until(() => scene.logLines.some((l) => l.includes('nothing unfurled')));
    expect(scene.fake.callsTo('chat.unfurl')).toEqual([]);
    // The same link pasted by an agent unfurls.
    await linkShared(PEOPLE.dana, [spLink(robinVpn.id)]);
    expect(Object.keys((await scene.fake.waitFor('chat.unfurl')).body.unfurls)).toEqual([spLink(robinVpn.id)]);
  });
});

async function until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}
