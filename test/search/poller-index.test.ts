/**
 * The poller keeps the search index: the first full read fills it, later cycles update it from the
 * changes they read, and a search through the service then costs no Graph request.
 */
import Database from 'better-sqlite3';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createHelpdeskService } from '../../src/helpdesk';
import type { HelpdeskService } from '../../src/helpdesk/types';
import { STORE_FILE } from '../../src/store';
import { recordingDelivery } from '../notify/recording-delivery';
import { graphRequests, startRig, ticketRow, vocabulary, type PollRig } from '../notify/emulator-setup';

const rigs: PollRig[] = [];
afterEach(async () => {
  for (const r of rigs.splice(0)) await r.close();
});
const old = { Created: '2026-01-01T00:00:00Z', Modified: '2026-01-01T00:00:00Z' };
const lynne = { email: 'lynner@example.com', name: 'Lynne Robbins' };
const dana = { email: 'dana@example.com', name: 'Dana Agent' };

function serviceOn(rig: PollRig): HelpdeskService {
  return createHelpdeskService({ graph: rig.graph, settings: { ...vocabulary, agentEmailField: 'SD_Email' }, searchIndex: rig.store });
}
const titles = async (h: HelpdeskService, who: typeof lynne, text: string) => (await h.searchTickets(who, { text })).map((t) => t.title);

async function rigWithTickets(): Promise<PollRig> {
  const rig = await startRig([recordingDelivery('slack').delivery]);
  rigs.push(rig);
  rig.emu.data.insert('SD_Agents', { Title: 'Dana Agent', SD_Email: dana.email, SD_IsActive: true });
  rig.emu.data.bulkInsert('SD_Tickets', [
    ticketRow(1, { ...old, Title: 'VPN drops every hour', SD_SubmittedByEmail: lynne.email, SD_SubmittedByName: lynne.name }),
    ticketRow(2, { ...old, Title: 'VPN token expired', SD_SubmittedByEmail: 'gradya@example.com', SD_SubmittedByName: 'Grady Archie', SD_AssignedTo: dana.email }),
    ticketRow(3, { ...old, Title: 'Printer jammed', SD_SubmittedByEmail: lynne.email, SD_SubmittedByName: lynne.name }),
  ]);
  return rig;
}

describe('the poller keeps the search index', () => {
  it('fills it from the first full read; requesters then find only their own tickets, agents all, with no Graph request', async () => {
    const rig = await rigWithTickets();
    expect((await rig.poller.runOnce()).firstStart).toBe(true);
    expect(await rig.store.indexedTicketCount()).toBe(3);
    const helpdesk = serviceOn(rig);
    await helpdesk.isAgent(dana.email); // the agents list is read once and cached, as for every command
    rig.emu.counters.reset();
    expect(await titles(helpdesk, lynne, 'vpn')).toEqual(['VPN drops every hour']);
    expect((await titles(helpdesk, dana, 'vpn')).sort()).toEqual(['VPN drops every hour', 'VPN token expired']);
    // The assignee is found by the agent's name, which the ticket itself does not hold.
    expect(await titles(helpdesk, dana, 'dana agent')).toEqual(['VPN token expired']);
    expect(await titles(helpdesk, lynne, 'grady')).toEqual([]);
    expect(graphRequests(rig.emu)).toBe(0);
  });

  it('a change is found after the next cycle, by its new words only', async () => {
    const rig = await rigWithTickets();
    await rig.poller.runOnce();
    const helpdesk = serviceOn(rig);
    const created = rig.emu.data.insert('SD_Tickets', ticketRow(4, { Title: 'Badge reader broken', SD_SubmittedByEmail: lynne.email }));
    rig.emu.data.update('SD_Tickets', '3', { Title: 'Scanner jammed' });
    expect(await titles(helpdesk, lynne, 'badge')).toEqual([]);
    await rig.poller.runOnce();
    expect((await helpdesk.searchTickets(lynne, { text: 'badge' })).map((t) => t.id)).toEqual([Number(created.id)]);
    expect(await titles(helpdesk, lynne, 'printer')).toEqual([]);
    expect(await titles(helpdesk, lynne, 'jammed')).toEqual(['Scanner jammed']);
  });

  it('a store from before search (states, no index) is filled by the next cycle', async () => {
    const rig = await rigWithTickets();
    await rig.poller.runOnce();
    const raw = new Database(path.join(rig.dir, STORE_FILE));
    raw.exec('DELETE FROM search_docs; DELETE FROM search_fts;');
    raw.close();
    expect(await rig.store.indexedTicketCount()).toBe(0);
    await rig.poller.runOnce();
    expect(await rig.store.indexedTicketCount()).toBe(3);
    expect(await titles(serviceOn(rig), lynne, 'printer')).toEqual(['Printer jammed']);
  });

  it('with no index configured a search says so instead of scanning the list', async () => {
    const rig = await rigWithTickets();
    const helpdesk = createHelpdeskService({ graph: rig.graph, settings: { ...vocabulary, agentEmailField: 'SD_Email' } });
    await expect(helpdesk.searchTickets(lynne, { text: 'vpn' })).rejects.toMatchObject({ kind: 'unavailable' });
  });
});
