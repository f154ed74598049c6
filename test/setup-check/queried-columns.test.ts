/**
 * QUERIED_COLUMNS is exactly what the bot's queries need: every query the bot makes runs on lists
 * past SharePoint's 5,000-item threshold (100,000 tickets) with only those columns indexed, and
 * unindexing any one of them makes some query fail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type HelpdeskSettings } from '../../src/config';
import { connectionFor, LIST_VIEW_THRESHOLD, startEmulator, type Emulator } from '../../src/emulator';
import { createGraphClient } from '../../src/graph';
import type { GraphClient, ListName } from '../../src/graph/types';
import { createHelpdeskService } from '../../src/helpdesk';
import { createChangeFeed } from '../../src/helpdesk/changes';
import type { HelpdeskService } from '../../src/helpdesk/types';
import { QUERIED_COLUMNS } from '../../src/setup-check/queried-columns';

const TICKETS = 100_000;
const OTHERS = LIST_VIEW_THRESHOLD + 1;
const megan = { email: 'meganb@example.com', name: 'Megan Bowen' };
const patti = { email: 'pattif@example.com', name: 'Patti Fernandez' };
const DAY = 86_400_000;

let emu: Emulator;
let graph: GraphClient;
let helpdesk: HelpdeskService;

beforeAll(async () => {
  const indexes = Object.fromEntries(Object.entries(QUERIED_COLUMNS).map(([list, cols]) => [list, cols.map((c) => c.column)]));
  emu = await startEmulator({ seed: 'none', indexes });
  const old = new Date(Date.now() - 30 * DAY).toISOString();
  const statuses = ['New', 'Assigned', 'In Progress', 'Resolved'];
  emu.data.bulkInsert('SD_Tickets', Array.from({ length: TICKETS }, (_, i) => ({
    Title: `Ticket ${i}`, SD_Status: statuses[i % 4], SD_Priority: i % 10 ? 'Normal' : 'High', SD_Category: i % 3 ? 'Hardware' : 'Network',
    SD_SubmittedBy: i % 50 ? `user${i % 977}@example.com` : patti.email, SD_SubmittedByEmail: i % 50 ? `user${i % 977}@example.com` : patti.email,
    SD_AssignedTo: i % 4 ? megan.email : '', SD_SpaceId: i % 2 ? 'it' : 'facilities', Created: old, Modified: old,
  })));
  emu.data.bulkInsert('SD_Comments', Array.from({ length: OTHERS }, (_, i) => ({
    Title: `Comment ${i}`, SD_TicketId: (i % 500) + 1, SD_Body: `Body ${i}`, SD_AuthorEmail: megan.email, SD_AuthorName: megan.name, SD_IsInternal: i % 3 === 0, Created: old, Modified: old,
  })));
  emu.data.bulkInsert('SD_Agents', Array.from({ length: OTHERS }, (_, i) => ({ Title: `Agent ${i}`, SD_Email: i ? `agent${i}@example.com` : megan.email, SD_IsActive: i % 2 === 0 })));
  emu.data.bulkInsert('SD_Assets', Array.from({ length: OTHERS }, (_, i) => ({
    Title: `Asset ${i}`, SD_AssetTag: `TAG-${i}`, SD_SerialNumber: `SN${i}`, SD_Status: i % 2 ? 'In Use' : 'In Stock', SD_AssignedTo: i % 7 ? `user${i % 977}@example.com` : patti.email,
  })));
  graph = createGraphClient({ ...connectionFor(emu), retry: { maxAttempts: 2, baseDelayMs: 5, maxDelayMs: 20, maxRetryAfterSeconds: 1 } });
  const settings: HelpdeskSettings = { ...loadConfig({}).helpdesk, agentEmailField: 'SD_Email' };
  helpdesk = createHelpdeskService({ graph, settings, agentCacheTtlMs: 0 });
}, 120_000);

afterAll(() => emu?.close());

/** Every query form the bot sends, through the same code paths chat and the poller use. */
async function everyQuery(): Promise<Record<string, number>> {
  const since = new Date(Date.now() - DAY);
  const n: Record<string, number> = {};
  const count = async (name: string, work: Promise<unknown[]> | AsyncIterable<unknown>) => {
    if (Symbol.asyncIterator in work) {
      let c = 0;
      for await (const _ of work) c++;
      n[name] = c;
    } else n[name] = (await work).length;
  };
  await count('queue', helpdesk.listTickets(megan, { open: true, limit: 10 }));
  await count('status', helpdesk.listTickets(megan, { status: 'Resolved', limit: 10 }));
  await count('high', helpdesk.listTickets(megan, { open: true, highPriority: true, limit: 10 }));
  await count('mine (agent)', helpdesk.listTickets(megan, { open: true, assignedTo: megan.email, limit: 10 }));
  await count('unassigned', helpdesk.listTickets(megan, { open: true, unassigned: true, limit: 10 }));
  await count('space', helpdesk.listTickets(megan, { spaceId: 'it', limit: 10 }));
  await count('category', helpdesk.listTickets(megan, { category: 'Network', limit: 10 }));
  await count('since', helpdesk.listTickets(megan, { modifiedSince: since, order: 'asc', limit: 10 }));
  await count('mine (requester)', helpdesk.listTickets(patti, { limit: 10 }));
  await count('comments', helpdesk.listComments(megan, 1));
  await count('agents', helpdesk.activeAgents());
  await count('assets (requester)', helpdesk.listAssets(patti, {}));
  await count('assets (agent)', helpdesk.listAssets(megan, { holder: patti.email, status: 'In Use', tag: 'TAG-7' }));
  n['asset lookup'] = (await helpdesk.findAsset(megan, 'SN7')) ? 1 : 0;
  for (const spaceId of [undefined, 'it']) {
    const feed = createChangeFeed(graph, { spaceId });
    await count(`changed tickets ${spaceId ?? ''}`, feed.ticketsModifiedSince(since));
    await count(`new comments ${spaceId ?? ''}`, feed.commentsCreatedSince(since));
  }
  return n;
}

describe('columns the bot filters or orders on', () => {
  it(`are enough: every bot query succeeds on ${TICKETS.toLocaleString('en')} tickets with only them indexed`, async () => {
    const n = await everyQuery();
    expect(emu.data.count('SD_Tickets')).toBe(TICKETS);
    expect(n).toMatchObject({ queue: 10, status: 10, high: 10, 'mine (agent)': 10, unassigned: 10, space: 10, category: 10, 'mine (requester)': 10, agents: Math.ceil(OTHERS / 2), comments: 11, 'asset lookup': 1 });
    expect(n['assets (requester)']).toBeGreaterThan(700);
  }, 120_000);

  it('are all needed: with any one of them unindexed some bot query is refused', async () => {
    const lists = Object.keys(QUERIED_COLUMNS) as ListName[];
    for (const list of lists) {
      for (const { column } of QUERIED_COLUMNS[list]) {
        emu.columns.setIndexed(list, column, false);
        try {
          await expect(everyQuery(), `${list}.${column}`).rejects.toThrow();
        } finally {
          emu.columns.setIndexed(list, column, true);
        }
      }
    }
  }, 120_000);
});
