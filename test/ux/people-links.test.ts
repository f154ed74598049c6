/** People and links (17.5): names instead of addresses, and a link to the ticket in the help desk. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseItem } from '../../src/graph/items';
import { createFakeHelpdesk } from '../support/fake-helpdesk';
import { slashBody } from '../support/slack-request';
import { AGENTS, PEOPLE, slash, startSlackScene, type SlackScene } from '../slack/harness';
import { cardText, startTeamsHarness, type TeamsHarness } from '../teams/harness';

describe('Teams: people by name', () => {
  let h: TeamsHarness;
  beforeAll(async () => {
    h = await startTeamsHarness();
  }, 30_000);
  afterAll(() => h?.close());

  it('the requester sees who holds her ticket by name, with the address beside it', async () => {
    const lynne = { email: h.emails.lynne!, name: 'Lynne Robbins' };
    const agent = (await h.stack.helpdesk.activeAgents()).find((a) => a.email === h.emails.dana)!;
    const t = await h.stack.helpdesk.createTicket(lynne, { title: 'Who has my ticket?' });
    const { ticket } = await h.stack.helpdesk.claim(agent, t.id);
    const card = (await h.execute('ticket.refresh', { ticketId: t.id, etag: ticket.etag }, 'lynne')).body.value;
    expect(cardText(card)).toContain(`${agent.name} (${agent.email})`);
  });
});

describe('Slack: people by name and the help-desk link', () => {
  let scene: SlackScene;
  const desk = createFakeHelpdesk({ agents: AGENTS });
  const page = 'https://contoso.sharepoint.com/sites/helpdesk/Lists/SD_Tickets/DispForm.aspx?ID=7';
  beforeAll(async () => {
    scene = await startSlackScene(desk);
  });
  afterAll(() => scene?.close());

  it('the ticket shows the assignee’s name and links to its page in the help desk', async () => {
    const t = desk.seedTicket({ title: 'Dock flickers', submittedByEmail: PEOPLE.sam.email, assignedTo: PEOPLE.dana.email, webUrl: page });
    await scene.post(slashBody(slash(scene.fake, PEOPLE.sam, `show ${t.id}`, 'show')));
    const blocks = JSON.stringify((await scene.fake.waitFor('response_url', (c) => c.responseId === 'show')).body.blocks);
    expect(blocks).toContain(`Dana Agent (${PEOPLE.dana.email})`);
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
