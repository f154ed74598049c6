/** Column definitions and SharePoint's list view threshold on the embedded site. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_VIEW_THRESHOLD, startEmulator, type Emulator } from '../../src/emulator';
import { graph, json, q, token } from './helpers';

const PREFER = { prefer: 'HonorNonIndexedQueriesWarningMayFailRandomly' };
const NOT_INDEXED = /Field 'SD_Status' cannot be referenced in filter or orderby as it is not indexed/;

function rows(n: number): Record<string, unknown>[] {
  return Array.from({ length: n }, (_, i) => ({ Title: `T${i}`, SD_Status: i % 2 ? 'New' : 'Resolved', SD_AssignedTo: `a${i % 7}@example.com` }));
}

describe('GET /lists/{list}/columns', () => {
  let emu: Emulator;
  let bearer: string;
  beforeAll(async () => {
    emu = await startEmulator({ unindexed: { SD_Tickets: ['SD_Category'] } });
    bearer = await token(emu);
  });
  afterAll(() => emu.close());

  it('describes each column with name, displayName, indexed, required and the choices of choice columns', async () => {
    const res = await graph(emu, bearer, 'SD_Tickets/columns');
    expect(res.status).toBe(200);
    const cols = (await json(res)).value as { name: string; displayName: string; indexed: boolean; required: boolean; choice?: { choices: string[] } }[];
    const by = new Map(cols.map((c) => [c.name, c]));
    expect(by.get('SD_Status')).toMatchObject({ displayName: 'Status', indexed: true, required: false, choice: { choices: expect.arrayContaining(['New', 'Assigned', 'In Progress', 'Resolved']) } });
    expect(by.get('SD_Priority')?.choice?.choices).toEqual(expect.arrayContaining(['High', 'Urgent']));
    expect(by.get('Title')).toMatchObject({ required: true, indexed: false });
    expect(by.get('SD_Category')).toMatchObject({ indexed: false });
    expect(by.get('SD_Category')?.choice).toBeUndefined();
    expect(by.get('Modified')).toMatchObject({ indexed: true });
    for (const c of cols) expect(typeof c.displayName).toBe('string');
  });

  it('answers 404 for a list the site does not have and 403 for another site', async () => {
    expect((await graph(emu, bearer, 'Tickets/columns')).status).toBe(404);
    const other = await fetch(`${emu.url}/v1.0/sites/other.sharepoint.com,1,2/lists/SD_Tickets/columns`, { headers: { authorization: `Bearer ${bearer}` } });
    expect(other.status).toBe(403);
  });
});

describe('list view threshold', () => {
  let emu: Emulator;
  let bearer: string;
  beforeAll(async () => {
    emu = await startEmulator({ seed: 'none', unindexed: { SD_Tickets: ['SD_Status'] } });
    bearer = await token(emu);
  });
  afterAll(() => emu.close());

  const get = (query: string, headers: Record<string, string> = {}) => graph(emu, bearer, `SD_Tickets/items?$expand=fields&$top=10&${query}`, { headers });

  it(`serves queries on a non-indexed column while the list has ${LIST_VIEW_THRESHOLD} items or fewer`, async () => {
    emu.data.bulkInsert('SD_Tickets', rows(LIST_VIEW_THRESHOLD));
    expect((await get(`$filter=${q("fields/SD_Status eq 'New'")}`)).status).toBe(200);
  });

  it('refuses $filter and $orderby on a non-indexed column once the list passes the threshold, with or without the Prefer header', async () => {
    emu.data.insert('SD_Tickets', { Title: 'one more', SD_Status: 'New' });
    expect(emu.data.count('SD_Tickets')).toBe(LIST_VIEW_THRESHOLD + 1);
    for (const [query, headers] of [
      [`$filter=${q("fields/SD_Status eq 'New'")}`, {}],
      [`$filter=${q("fields/SD_Status eq 'New'")}`, PREFER],
      [`$filter=${q("fields/SD_AssignedTo eq 'a1@example.com' and fields/SD_Status eq 'New'")}`, PREFER],
      ['$orderby=fields/SD_Status asc', {}],
    ] as const) {
      const res = await get(query, headers);
      expect(res.status).toBe(400);
      const body = await json(res);
      expect(body.error.code).toBe('invalidRequest');
      expect(body.error.message).toMatch(NOT_INDEXED);
    }
  });

  it('serves queries on indexed columns of the large list, and the refused one once the column is indexed', async () => {
    const res = await get(`$filter=${q("fields/SD_AssignedTo eq 'a1@example.com'")}&$orderby=fields/Modified desc`);
    expect(res.status).toBe(200);
    expect((await json(res)).value).toHaveLength(10);
    // A literal that looks like a field reference is a value, not a column.
    expect((await get(`$filter=${q("fields/SD_AssignedTo eq 'fields/SD_Status'")}`)).status).toBe(200);
    emu.columns.setIndexed('SD_Tickets', 'SD_Status', true);
    expect((await get(`$filter=${q("fields/SD_Status eq 'New'")}`)).status).toBe(200);
  });
});

describe('column definitions changed at run time', () => {
  let emu: Emulator;
  let bearer: string;
  beforeAll(async () => {
    emu = await startEmulator();
    bearer = await token(emu);
  });
  afterAll(() => emu.close());

  const columns = async () => new Map(((await json(await graph(emu, bearer, 'SD_Tickets/columns'))).value as Record<string, unknown>[]).map((c) => [c.name as string, c]));

  it('serves the demo extra column, hidden, read-only and built-in columns like SharePoint', async () => {
    const by = await columns();
    expect(by.get('SD_Location')).toMatchObject({ displayName: 'Location', required: false, hidden: false, readOnly: false, choice: { choices: ['HQ', 'Branch office', 'Remote'] } });
    expect(by.get('SD_Description')).toMatchObject({ text: { allowMultipleLines: true } });
    expect(by.get('Author')).toMatchObject({ readOnly: true, columnGroup: '_Hidden' });
    expect(by.get('_ComplianceFlags')).toMatchObject({ hidden: true });
  });

  it('adds a choice, makes a column required, adds a typed column and turns a choice column into text', async () => {
    emu.columns.addChoice('SD_Tickets', 'SD_Priority', 'Critical');
    emu.columns.define('SD_Tickets', 'SD_Category', { required: true });
    emu.columns.define('SD_Tickets', 'SD_Cost', { type: 'number', displayName: 'Cost' });
    emu.columns.define('SD_Tickets', 'SD_Location', { type: 'text' });
    const by = await columns();
    expect((by.get('SD_Priority') as { choice: { choices: string[] } }).choice.choices).toContain('Critical');
    expect(by.get('SD_Category')).toMatchObject({ required: true, text: {} });
    expect(by.get('SD_Cost')).toMatchObject({ displayName: 'Cost', number: {} });
    expect(by.get('SD_Location')?.choice).toBeUndefined();
    expect(by.get('SD_Location')).toMatchObject({ text: { allowMultipleLines: false } });
  });

  it('refuses a value of the wrong type for a number, yes/no or date column, as SharePoint does', async () => {
    emu.columns.define('SD_Tickets', 'SD_Cost', { type: 'number' });
    const post = (fields: Record<string, unknown>) =>
      graph(emu, bearer, 'SD_Tickets/items', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ fields }) });
    const refused = await post({ Title: 'x', SD_Cost: 'a lot' });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await json(refused))).toMatch(/SD_Cost.*number/);
    expect((await post({ Title: 'x', SD_Cost: 12.5 })).status).toBe(201);
  });
});
