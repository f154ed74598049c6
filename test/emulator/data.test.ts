import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_AGENTS, startEmulator } from '../../src/emulator';
import { graph, json, q, token } from './helpers';

describe('emulator demo seed', () => {
  it('is a believable help desk: tickets in two spaces, four agents one inactive, comments, assets', async () => {
    const emu = await startEmulator();
    try {
      const bearer = await token(emu);
      const all = async (list: string, filter?: string) =>
        (await json(await graph(emu, bearer, `${list}/items?$expand=fields&$top=5000${filter ? `&$filter=${q(filter)}` : ''}`))).value as { id: string; fields: Record<string, any> }[];
      const tickets = await all('SD_Tickets');
      expect(tickets.length).toBeGreaterThanOrEqual(30);
      expect(new Set(tickets.map((t) => t.fields.SD_SpaceId))).toEqual(new Set(['it', 'facilities']));
      expect(new Set(tickets.map((t) => t.fields.SD_Status))).toEqual(new Set(['New', 'Assigned', 'In Progress', 'Resolved']));
      // Like Graph, an empty column is left out of `fields`.
      for (const t of tickets.filter((x) => x.fields.SD_Status === 'New')) expect('SD_AssignedTo' in t.fields).toBe(false);
      for (const t of tickets.filter((x) => x.fields.SD_Status !== 'New')) expect(t.fields.SD_AssignedTo).toMatch(/@example\.com$/);
      expect(tickets.some((t) => t.fields.SD_SubmittedByEmail === 'alexw@example.com')).toBe(true);
      const created = tickets.map((t) => Date.parse(t.fields.Created));
      const day = 86_400_000;
      expect(Math.max(...created) - Math.min(...created)).toBeGreaterThan(14 * day);
      expect(Date.now() - Math.min(...created)).toBeLessThan(42 * day);
      expect(Math.max(...created)).toBeLessThanOrEqual(Date.now());

      const agents = await all('SD_Agents');
      expect(agents).toHaveLength(4);
      expect((await all('SD_Agents', 'fields/SD_IsActive eq true')).map((a) => a.fields.SD_Email).sort()).toEqual(['alexw@example.com', 'diegos@example.com', 'meganb@example.com']);
      expect(DEMO_AGENTS.filter((a) => !a.active).map((a) => a.email)).toEqual(['adelev@example.com']);

      const comments = await all('SD_Comments');
      expect(comments.some((c) => c.fields.SD_IsInternal === true)).toBe(true);
      expect(comments.some((c) => c.fields.SD_IsInternal === false)).toBe(true);
      const ticketIds = new Set(tickets.map((t) => Number(t.id)));
      for (const c of comments) expect(ticketIds.has(c.fields.SD_TicketId)).toBe(true);

      const assets = await all('SD_Assets');
      expect(assets).toHaveLength(10);
      expect((await all('SD_Assets', "fields/SD_AssignedTo eq 'alexw@example.com'")).length).toBeGreaterThanOrEqual(2);
    } finally {
      await emu.close();
    }
  });

  it('starts empty with seed none', async () => {
    const emu = await startEmulator({ seed: 'none' });
    expect(emu.data.count('SD_Tickets')).toBe(0);
    await emu.close();
  });
});

describe('emulator persistence', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'emu-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps items, etags and ids across a restart, and does not reseed', async () => {
    const first = await startEmulator({ dataDir: dir });
    const seeded = first.data.count('SD_Tickets');
    const bearer = await token(first);
    const created = await json(await graph(first, bearer, 'SD_Tickets/items', { method: 'POST', body: JSON.stringify({ fields: { Title: 'Survives restart' } }) }));
    await first.close();

    const second = await startEmulator({ dataDir: dir });
    try {
      expect(second.data.count('SD_Tickets')).toBe(seeded + 1);
      const again = await json(await graph(second, await token(second), `SD_Tickets/items/${created.id}?$expand=fields`));
      expect(again.fields.Title).toBe('Survives restart');
      expect(again['@odata.etag']).toBe(created['@odata.etag']);
      expect(Number(second.data.insert('SD_Tickets', { Title: 'next' }).id)).toBe(Number(created.id) + 1);
    } finally {
      await second.close();
    }
  });

  it('has every change on disk when the call returns, without waiting for close', async () => {
    const sub = mkdtempSync(path.join(dir, 'live-'));
    const a = await startEmulator({ dataDir: sub, seed: 'none' });
    a.data.insert('SD_Assets', { Title: 'Laptop', SD_AssetTag: 'LAP-9999' });
    // A second site on the same directory reads what the first has written, while the first is still open.
    const b = await startEmulator({ dataDir: sub });
    expect(b.data.count('SD_Assets')).toBe(1);
    expect(b.data.count('SD_Tickets')).toBe(0);
    await b.close();
    await a.close();
  });
});
