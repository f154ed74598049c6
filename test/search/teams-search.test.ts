/**
 * Search and sharing in Teams through the real channel: typed `search`, the search message
 * extension (composeExtension/query) and link unfurling (composeExtension/queryLink), replayed as
 * Teams sends them, against the emulator-backed help desk with a real search index.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import Ajv04 from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filledManifest, TEAMS_MANIFEST_DIR } from '../../scripts/teams-package';
import type { Ticket } from '../../src/helpdesk/types';
import { cardOf, cardText as rawCardText, startTeamsHarness, type TeamsHarness } from '../teams/harness';
import { openTestIndex, type TestIndex } from './indexed';

/** A card's text as a person reads it: Teams shows a markdown escape (a doubled backslash) without its backslash. */
const cardText = (card: unknown) => rawCardText(card).replace(/\\([\\*_[\]])/g, '$1');

const PORTAL = 'https://helpdesk.contoso.com/tickets/{id}';
const ADAPTIVE = 'application/vnd.microsoft.card.adaptive';
const THUMBNAIL = 'application/vnd.microsoft.card.thumbnail';

let h: TeamsHarness;
let index: TestIndex;
let all: Ticket[];
const byTitle = (prefix: string) => all.find((t) => t.title.startsWith(prefix))!;

beforeAll(async () => {
  index = openTestIndex();
  h = await startTeamsHarness({ stack: { settings: { ticketUrlPattern: PORTAL }, service: { searchIndex: index.store } } });
  await index.fill(h.stack);
  all = await h.stack.helpdesk.listTickets({ email: h.emails.dana!, name: 'Dana' }, { limit: 100 });
}, 30_000);
afterAll(async () => {
  await h?.close();
  await index?.close();
});

function invoke(name: 'compose-query' | 'compose-query-link', user: 'lynne' | 'dana' | 'noEmail', value: Record<string, unknown>) {
  const activity = h.fixture(name, user);
  activity.value = { ...activity.value, ...value };
  return h.post(activity);
}
const lynneTickets = () => all.filter((t) => t.submittedByEmail === h.emails.lynne);

describe('Teams: typed search', () => {
  it('a requester finds only their own tickets, as a private list with Show buttons', async () => {
    const [reply, ...more] = await h.say('search vpn', 'lynne');
    expect(more).toEqual([]);
    const text = cardText(cardOf(reply));
    expect(text).toContain(byTitle('Cannot connect to file share').title);
    expect(text).not.toContain('VPN drops every 10 minutes');
    expect(text).toContain('Show');
  });

  it('an agent finds everyone\'s, the ticket whose number was typed first', async () => {
    const vpn = byTitle('VPN drops');
    const text = cardText(cardOf((await h.say('search vpn', 'dana'))[0]));
    expect(text).toContain('VPN drops every 10 minutes');
    expect(text).toContain(byTitle('Cannot connect to file share').title);
    const card = cardOf((await h.say(`search #${vpn.id} printer`, 'dana'))[0]);
    const titles = cardText(card).split('\n').filter((l) => /^#\d+ /.test(l));
    expect(titles[0]).toBe(`#${vpn.id} ${vpn.title}`);
    expect(titles).toContain(`#${byTitle('Printer on 3rd floor').id} Printer on 3rd floor jams on duplex`);
  });
});

describe('Teams: several words', () => {
  it('says first that no ticket holds them all, then lists the tickets with some; with all of them it says nothing of the kind', async () => {
    const some = cardText(cardOf((await h.say('search duplex vpn', 'dana'))[0]));
    const lines = some.split('\n');
    const head = lines.findIndex((l) => /No ticket holds all of “duplex vpn”/.test(l));
    expect(head).toBeGreaterThanOrEqual(0);
    expect(lines.slice(head + 1).join('\n')).toContain('VPN drops every 10 minutes');
    expect(lines.slice(head + 1).join('\n')).toContain('Printer on 3rd floor jams on duplex');
    const every = cardText(cardOf((await h.say('search printer duplex', 'dana'))[0]));
    expect(every).toContain('Printer on 3rd floor jams on duplex');
    expect(every).not.toMatch(/No ticket holds all/);
  });
});

describe('Teams: search shows people as every other list does', () => {
  it('names the assignee, not their address', async () => {
    const agents = await h.stack.helpdesk.activeAgents();
    const named = all.find((t) => agents.some((a) => a.name && a.email.toLowerCase() === t.assignedTo.toLowerCase()));
    if (!named) throw new Error('the seeded desk has no ticket assigned to a named agent');
    const agent = agents.find((a) => a.email.toLowerCase() === named.assignedTo.toLowerCase())!;
    const text = cardText(cardOf((await h.say(`search #${named.id}`, 'dana'))[0]));
    expect(text).toContain(agent.name);
    expect(text.toLowerCase()).not.toContain(agent.email.toLowerCase());
  });
});

describe('Teams: search message extension (composeExtension/query)', () => {
  it('previews matching tickets; each inserts the shared ticket card, never an internal note', async () => {
    const res = await invoke('compose-query', 'lynne', {});
    expect(res.status).toBe(200);
    const ext = res.body.composeExtension;
    expect(ext).toMatchObject({ type: 'result', attachmentLayout: 'list' });
    const share = byTitle('Cannot connect to file share');
    expect(ext.attachments).toHaveLength(1);
    const [a] = ext.attachments;
    expect(a.contentType).toBe(ADAPTIVE);
    expect(a.preview.contentType).toBe(THUMBNAIL);
    expect(a.preview.content.title).toBe(`#${share.id} ${share.title}`);
    expect(cardText(a.content)).toContain(share.title);
    const assignee = (await h.stack.helpdesk.activeAgents()).find((x) => x.email.toLowerCase() === share.assignedTo.toLowerCase());
    expect(cardText(a.content)).toContain(assignee!.name);
    expect(cardText(a.content).toLowerCase()).not.toContain(share.assignedTo.toLowerCase());
    // Ticket 20's internal note ("fs01 DNS record missing…") stays off a card others will read.
    expect(cardText(a.content)).not.toMatch(/fs01 DNS record/);
    expect(JSON.stringify(a.content)).not.toContain('ticket.claim');
  });

  it('opened with nothing typed: a requester gets their recent tickets, an agent the open queue', async () => {
    const initial = { parameters: [{ name: 'initialRun', value: 'true' }] };
    const mine = (await invoke('compose-query', 'lynne', initial)).body.composeExtension.attachments;
    const expected = lynneTickets().sort((a, b) => b.modified.localeCompare(a.modified) || b.id - a.id).map((t) => `#${t.id} ${t.title}`);
    expect(mine.map((a: any) => a.preview.content.title)).toEqual(expected);
    const queue = (await invoke('compose-query', 'dana', initial)).body.composeExtension.attachments;
    const open = all.filter((t) => ['New', 'Assigned', 'In Progress'].includes(t.status));
    expect(queue).toHaveLength(Math.min(open.length, 25));
    for (const a of queue) expect(a.preview.content.text).toMatch(/^(New|Assigned|In Progress) · /);
  });

  it('someone whose address Teams hides is told why instead of seeing nothing', async () => {
    const res = await invoke('compose-query', 'noEmail', {});
    expect(res.body.composeExtension.type).toBe('message');
    expect(res.body.composeExtension.text).toMatch(/email/i);
  });
});

describe('Teams: link unfurling (composeExtension/queryLink)', () => {
  const link = (id: number) => `https://contoso.sharepoint.com/sites/helpdesk/Lists/SD_Tickets/DispForm.aspx?ID=${id}`;

  it('a SharePoint item link to a ticket the person may see becomes a compact card with a Show button', async () => {
    const t = byTitle('Cannot connect to file share');
    const res = await invoke('compose-query-link', 'lynne', { url: link(t.id) });
    const [a, ...more] = res.body.composeExtension.attachments;
    expect(more).toEqual([]);
    expect(a.contentType).toBe(ADAPTIVE);
    const text = cardText(a.content);
    // The assignee by name, as on every other card: the card is read by everyone in the conversation.
    const assignee = (await h.stack.helpdesk.activeAgents()).find((x) => x.email.toLowerCase() === t.assignedTo.toLowerCase());
    if (!assignee?.name) throw new Error('the seeded ticket is not assigned to a named agent');
    for (const part of [t.title, t.status, t.priority, assignee.name, 'Lynne Robbins', 'Show']) expect(text).toContain(part);
    expect(text.toLowerCase()).not.toContain(t.assignedTo.toLowerCase());
    expect(text).not.toMatch(/fs01 DNS record|Claim/);
  });

  it('the portal link pattern works the same; someone else\'s ticket, an unknown ticket or another link unfurl to nothing', async () => {
    const mine = byTitle('Cannot connect to file share');
    const theirs = byTitle('VPN drops');
    const portal = (id: number) => PORTAL.replace('{id}', String(id));
    expect(cardText((await invoke('compose-query-link', 'lynne', { url: portal(mine.id) })).body.composeExtension.attachments[0].content)).toContain(mine.title);
    for (const url of [link(theirs.id), portal(theirs.id), link(99_999), 'https://contoso.sharepoint.com/sites/helpdesk/Lists/SD_Assets/DispForm.aspx?ID=1', 'https://example.com/x']) {
      const res = await invoke('compose-query-link', 'lynne', { url });
      expect(res.status, url).toBe(200);
      expect(res.body.composeExtension, url).toEqual({ type: 'result', attachmentLayout: 'list', attachments: [] });
    }
    // An agent may see every ticket, so the same link unfurls for them.
    expect((await invoke('compose-query-link', 'dana', { url: link(theirs.id) })).body.composeExtension.attachments).toHaveLength(1);
  });
});

describe('Teams manifest: search and link unfurling', () => {
  const require = createRequire(import.meta.url);
  const env = { MicrosoftAppId: '6f1c2a3b-4d5e-4f60-8a9b-0c1d2e3f4a5b', HELPDESK_TICKET_URL_PATTERN: PORTAL };

  it('declares the query command (compose box and command box) and link handlers for SharePoint and the portal, and validates', () => {
    const manifest = filledManifest(env) as any;
    const [ext] = manifest.composeExtensions;
    const query = ext.commands.find((c: any) => c.id === 'searchTickets');
    expect(query).toMatchObject({ type: 'query', context: ['compose', 'commandBox'], initialRun: true });
    expect(query.parameters.map((p: any) => p.name)).toEqual(['query']);
    expect(ext.messageHandlers).toEqual([{ type: 'link', value: { domains: ['*.sharepoint.com', 'helpdesk.contoso.com'] } }]);
    const raw = JSON.parse(readFileSync(path.join(TEAMS_MANIFEST_DIR, 'manifest.json'), 'utf8'));
    const pkgDir = path.dirname(require.resolve('@microsoft/app-manifest/package.json'));
    const schema = JSON.parse(readFileSync(path.join(pkgDir, 'build/json-schemas/teams', `v${raw.manifestVersion}`, 'MicrosoftTeams.schema.json'), 'utf8'));
    const ajv = new Ajv04({ allErrors: true, strictTypes: false });
    addFormats(ajv, ['uri', 'email', 'regex']);
    const validate = ajv.compile(schema);
    expect(validate(manifest), JSON.stringify(validate.errors)).toBe(true);
  });
});
