/**
 * People and links (17.5): names instead of addresses (issue 22: the address only where no name is
 * known, so a person reads the same everywhere on a card), and a link to the ticket in the help desk.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseItem } from '../../src/graph/items';
import type { HelpdeskService, Ticket } from '../../src/helpdesk/types';
import { startSeededHelpdesk, type SeededHelpdesk } from '../support/seeded-helpdesk';
import { slashBody } from '../support/slack-request';
import { AGENTS, PEOPLE, slash, startSlackScene, type SlackScene } from '../slack/harness';
import { cardText, startTeamsHarness, type TeamsHarness } from '../teams/harness';

describe('Teams: people by name', () => {
  let h: TeamsHarness;
  beforeAll(async () => {
    h = await startTeamsHarness();
  }, 30_000);
  afterAll(() => h?.close());

  it('the requester sees who holds her ticket by name', async () => {
    const lynne = { email: h.emails.lynne!, name: 'Lynne Robbins' };
    const agent = (await h.stack.helpdesk.activeAgents()).find((a) => a.email === h.emails.dana)!;
    const t = await h.stack.helpdesk.createTicket(lynne, { title: 'Who has my ticket?' });
    const { ticket } = await h.stack.helpdesk.claim(agent, t.id);
    const card = (await h.execute('ticket.refresh', { ticketId: t.id, etag: ticket.etag }, 'lynne')).body.value;
    expect(cardText(card)).toContain(agent.name);
    expect(cardText(card)).not.toContain(agent.email);
  });
});

/**
 * The embedded site leaves out an item's webUrl, which Graph sends (its parsing is tested below):
 * this adds the page Graph would send to the tickets the service reads. Nothing else changes.
 */
function withPages(desk: HelpdeskService, pages: Map<number, string>): HelpdeskService {
  const paged = (t: Ticket): Ticket => (pages.has(t.id) ? { ...t, webUrl: pages.get(t.id) } : t);
  return {
    ...desk,
    getTicket: async (actor, id) => paged(await desk.getTicket(actor, id)),
    getTicketWithComments: async (actor, id) => {
      const read = await desk.getTicketWithComments(actor, id);
      return { ...read, ticket: paged(read.ticket) };
    },
    listTickets: async (actor, query) => (await desk.listTickets(actor, query)).map(paged),
  };
}

describe('Slack: people by name and the help-desk link', () => {
  let scene: SlackScene;
  let desk: SeededHelpdesk;
  const pages = new Map<number, string>();
  const page = 'https://contoso.sharepoint.com/sites/helpdesk/Lists/SD_Tickets/DispForm.aspx?ID=7';
  beforeAll(async () => {
    desk = await startSeededHelpdesk(AGENTS);
    scene = await startSlackScene(withPages(desk, pages));
  });
  afterAll(async () => {
    await scene?.close();
    await desk?.close();
  });

  it('the ticket shows the assignee’s name and links to its page in the help desk', async () => {
    const t = desk.seedTicket({ title: 'Dock flickers', submittedByEmail: PEOPLE.sam.email, assignedTo: PEOPLE.dana.email });
    pages.set(t.id, page);
    await scene.post(slashBody(slash(scene.fake, PEOPLE.sam, `show ${t.id}`, 'show')));
    const blocks = JSON.stringify((await scene.fake.waitFor('response_url', (c) => c.responseId === 'show')).body.blocks);
    expect(blocks).toContain('Dana Agent');
    expect(blocks).not.toContain(PEOPLE.dana.email);
    expect(blocks).toContain(`<${page}|Open in the help desk>`);
  });

  it('a list names the assignee', async () => {
    desk.seedTicket({ title: 'Held by Lee', submittedByEmail: PEOPLE.sam.email, assignedTo: PEOPLE.lee.email });
    await scene.post(slashBody(slash(scene.fake, PEOPLE.dana, 'queue all', 'queue')));
    const blocks = JSON.stringify((await scene.fake.waitFor('response_url', (c) => c.responseId === 'queue')).body.blocks);
    expect(blocks).toContain('assigned to Lee Agent');
  });
});

describe('Graph items carry their web address only when it is one', () => {
  it('keeps an https webUrl and drops anything else', () => {
    const base = { id: '7', '@odata.etag': '"7,1"', fields: {} };
    expect(parseItem({ ...base, webUrl: 'https://contoso.sharepoint.com/x' }, 'read').webUrl).toBe('https://contoso.sharepoint.com/x');
    expect(parseItem({ ...base, webUrl: 'javascript:alert(1)' }, 'read').webUrl).toBeUndefined();
    expect(parseItem(base, 'read').webUrl).toBeUndefined();
  });
});
