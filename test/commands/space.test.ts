/**
 * `space <id>|none` against the embedded site: one site with two spaces (it, facilities) and one
 * before product 1.5 (no SD_SpaceId). The binding lives in a real SQLite store, and what a bound
 * channel changes (new tickets, queue, search, subscribe) is read back from the site and the store.
 */
import { spaceBindingsIn } from '../../src/features/spaces/space-table';
import { slaTableIn } from '../../src/features/sla/sla-table';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch, handleText } from '../../src/commands';
import type { CommandContext, Conversation, Reply } from '../../src/commands/types';
import { VERBS } from '../../src/core/verbs';
import { FEATURES, featureMigrations } from '../../src/features';
import { featureCommands, openTestPolicy } from '../support/feature-commands';
import { createLogger } from '../../src/log';
import { indexedTicketOf } from '../../src/features/search/search-index';
import { createConversationPorts } from '../../src/store/conversation-ports-store';
import { createSqliteStore } from '../../src/store/sqlite-store';
import type { Store } from '../../src/store/types';
import type { ActionView, TicketListView } from '../../src/views/types';
import { startHelpdeskStack, type HelpdeskStack } from '../support/helpdesk-stack';
import { toTicket } from '../../src/helpdesk/fields';

const DANA = { email: 'dana.agent@contoso.test', name: 'Dana Agent' };
const RIA = { email: 'ria.requester@contoso.test', name: 'Ria Requester' };
const CHANNEL: Conversation = { platform: 'teams', id: '19:ops@thread.tacv2', kind: 'channel' };
const OTHER: Conversation = { platform: 'slack', id: 'C0FACILITY', kind: 'channel' };
const PERSONAL: Conversation = { platform: 'teams', id: 'a:dana', kind: 'personal' };
const quiet = createLogger({ level: 'error', write: () => undefined });

interface Scene {
  stack: HelpdeskStack;
  store: Store;
  ctx(conversation?: Conversation, actor?: typeof DANA): CommandContext;
  /** SD_SpaceId of a ticket as the site holds it. */
  spaceOf(id: number): unknown;
  close(): Promise<void>;
}

async function scene(options: { spaces?: boolean; spaceId?: string } = {}): Promise<Scene> {
  const store = createSqliteStore({ file: ':memory:', features: featureMigrations(FEATURES) });
  const stack = await startHelpdeskStack({
    seed: 'none',
    emulator: { spaces: options.spaces },
    settings: options.spaceId ? { spaceId: options.spaceId } : {},
    service: { agentCacheTtlMs: 0, searchIndex: store },
    logger: quiet,
  });
  const data = stack.emulator.data;
  data.insert('SD_Agents', { Title: DANA.name, SD_Email: DANA.email, SD_IsActive: true });
  const file = (title: string, space?: string) =>
    data.insert('SD_Tickets', {
      Title: title, SD_Status: 'New', SD_Priority: 'Normal', SD_Category: 'Hardware',
      SD_SubmittedBy: RIA.email, SD_SubmittedByEmail: RIA.email, SD_SubmittedByName: RIA.name,
      ...(space ? { SD_SpaceId: space } : {}),
    });
  const ids = options.spaces === false
    ? [file('Printer jams')]
    : [file('Printer jams in IT', 'it'), file('Printer jams in facilities', 'facilities'), file('Laptop broken', 'it')];
  const tickets = ids.map(({ id }) => {
    const row = data.get('SD_Tickets', id)!;
    return toTicket({ id: row.id, etag: row.etag, fields: row.fields, createdDateTime: String(row.fields.Created), lastModifiedDateTime: String(row.fields.Modified) } as never);
  });
  await store.indexTickets(tickets.map((t) => indexedTicketOf(t, new Map())));
  const ports = createConversationPorts(store);
  // With an SLA policy, so `queue due` lists the clocks the store keeps.
  const commands = await featureCommands(store, { graph: stack.graph, vocabulary: stack.helpdesk.vocabulary, slaPolicy: await openTestPolicy() });
  return {
    stack,
    store,
    ctx: (conversation = CHANNEL, actor = DANA) => ({ actor, helpdesk: stack.helpdesk, conversation, channel: {}, notifications: ports, commands, logger: quiet }),
    spaceOf: (id) => data.get('SD_Tickets', String(id))?.fields.SD_SpaceId,
    close: async () => {
      await stack.close();
      await store.close();
    },
  };
}

function message(reply: Reply): string {
  if (reply.view.type === 'confirmation') return reply.view.confirmation.message;
  if (reply.view.type === 'error') return reply.view.error.message;
  throw new Error(`unexpected view ${reply.view.type}`);
}

function list(reply: Reply): TicketListView {
  if (reply.view.type !== 'ticket-list') throw new Error(`unexpected view ${reply.view.type}: ${JSON.stringify(reply.view)}`);
  return reply.view.list;
}

const titles = (l: TicketListView) => l.tickets.map((t) => t.title).sort();
const button = (l: TicketListView, title: string): ActionView => {
  const found = l.actions?.find((a) => a.title === title);
  if (!found) throw new Error(`no "${title}" button among ${JSON.stringify(l.actions)}`);
  return found;
};

describe('a site with two spaces', () => {
  let s: Scene;
  beforeAll(async () => {
    s = await scene();
  });
  afterAll(() => s.close());

  it('refuses an unknown space and binds a known one, as the list spells it, publicly', async () => {
    expect(message(await handleText(s.ctx(), 'space'))).toMatch(/belongs to no space/);
    const refused = await handleText(s.ctx(), 'space hr');
    expect(refused.view.type).toBe('error');
    expect(message(refused)).toMatch(/No ticket in the help desk carries space “hr”/);
    expect(await (await spaceBindingsIn(s.store)).get(CHANNEL.platform, CHANNEL.id)).toBeUndefined();

    const bound = await handleText(s.ctx(), 'space IT');
    expect(bound.visibility).toBe('public');
    expect(message(bound)).toMatch(/now belongs to space it \(set by Dana Agent\)/);
    expect((await (await spaceBindingsIn(s.store)).get(CHANNEL.platform, CHANNEL.id))?.spaceId).toBe('it');
    expect(message(await handleText(s.ctx(), 'space'))).toMatch(/belongs to space it/);
    expect(message(await handleText(s.ctx(), 'subscriptions'))).toMatch(/Space: it/);
  });

  it('files a ticket from a bound channel in its space, and one from a personal chat in none', async () => {
    await handleText(s.ctx(), 'space it');
    const filed = await dispatch(s.ctx(), { verb: VERBS.create, values: { title: 'Monitor flickers' } });
    expect(filed.ticketId).toBeGreaterThan(0);
    expect(s.spaceOf(filed.ticketId!)).toBe('it');
    const personal = await dispatch(s.ctx(PERSONAL), { verb: VERBS.create, values: { title: 'Mouse lost' } });
    expect(s.spaceOf(personal.ticketId!)).toBeUndefined();
  });

  it('limits queue and search to the space, says so, and offers every space with a button', async () => {
    await handleText(s.ctx(), 'space it');
    const queue = list(await handleText(s.ctx(), 'queue all'));
    expect(queue.title).toMatch(/· space it$/);
    expect(titles(queue)).not.toContain('Printer jams in facilities');
    expect(titles(queue)).toContain('Printer jams in IT');
    const everySpace = button(queue, 'All spaces');
    const all = list(await dispatch(s.ctx(), { verb: everySpace.verb, values: everySpace.data }));
    expect(all.title).toMatch(/· all spaces$/);
    expect(titles(all)).toEqual(expect.arrayContaining(['Printer jams in IT', 'Printer jams in facilities']));
    const back = button(all, 'Space it only');
    expect(titles(list(await dispatch(s.ctx(), { verb: back.verb, values: back.data })))).not.toContain('Printer jams in facilities');

    const found = list(await handleText(s.ctx(), 'search printer'));
    expect(found.title).toMatch(/· space it$/);
    expect(titles(found)).toEqual(['Printer jams in IT']);
    const wider = button(found, 'All spaces');
    expect(titles(list(await dispatch(s.ctx(), { verb: wider.verb, values: wider.data })))).toEqual(['Printer jams in IT', 'Printer jams in facilities']);

    // Another channel, unbound, sees every space with no header and no button.
    const unbound = list(await handleText(s.ctx(OTHER), 'queue all'));
    expect(unbound.title).not.toMatch(/space/);
    expect(unbound.actions ?? []).toEqual([]);
    expect(titles(unbound)).toContain('Printer jams in facilities');
  });

  it('limits `queue due` to the space, nearest due first, with the all-spaces button', async () => {
    await handleText(s.ctx(), 'space it');
    const open = await s.stack.helpdesk.listTickets(DANA, { open: true });
    const byTitle = new Map(open.map((t) => [t.title, t.id]));
    const due = (title: string, dueAt: number) => ({ id: byTitle.get(title)!, history: { created: 0, observations: [] }, announced: [], policy: 'p', dueAt, nextAt: dueAt });
    await slaTableIn(s.store).putSlaRecords([due('Printer jams in facilities', 1_000), due('Laptop broken', 2_000), due('Printer jams in IT', 3_000)]);
    const ctx = () => s.ctx();
    const queue = list(await handleText(ctx(), 'queue due'));
    expect(queue.title).toMatch(/· space it$/);
    expect(queue.tickets.map((t) => t.title)).toEqual(['Laptop broken', 'Printer jams in IT']);
    const everySpace = button(queue, 'All spaces');
    const all = list(await dispatch(ctx(), { verb: everySpace.verb, values: everySpace.data }));
    expect(all.tickets.map((t) => t.title)).toEqual(['Printer jams in facilities', 'Laptop broken', 'Printer jams in IT']);
  });

  it('subscribes a bound channel to its space by default; an explicit filter still wins', async () => {
    await handleText(s.ctx(), 'space it');
    expect(message(await handleText(s.ctx(), 'subscribe'))).toMatch(/tickets in space it/);
    await handleText(s.ctx(), 'subscribe space facilities');
    const filters = (await s.store.listSubscriptions(CHANNEL.platform, CHANNEL.id)).map((r) => r.filter);
    expect(filters).toEqual(expect.arrayContaining([{ kind: 'space', value: 'it' }, { kind: 'space', value: 'facilities' }]));
    expect(filters).not.toContainEqual({ kind: 'all' });
    expect(message(await handleText(s.ctx(OTHER), 'subscribe'))).toMatch(/all tickets/);
  });

  it('space none removes the binding: lists show every space again', async () => {
    await handleText(s.ctx(), 'space it');
    expect(message(await handleText(s.ctx(), 'space none'))).toMatch(/no longer belongs to space it/);
    expect(await (await spaceBindingsIn(s.store)).get(CHANNEL.platform, CHANNEL.id)).toBeUndefined();
    const queue = list(await handleText(s.ctx(), 'queue all'));
    expect(queue.title).not.toMatch(/space/);
    expect(titles(queue)).toContain('Printer jams in facilities');
    expect(message(await handleText(s.ctx(), 'space none'))).toMatch(/belonged to no space/);
  });

  it('is for agents, in channels', async () => {
    const requester = await handleText(s.ctx(CHANNEL, RIA), 'space it');
    expect(message(requester)).toMatch(/Only help-desk agents/);
    const personal = await handleText(s.ctx(PERSONAL), 'space it');
    expect(personal.view.type).toBe('error');
    expect(await (await spaceBindingsIn(s.store)).get(PERSONAL.platform, PERSONAL.id)).toBeUndefined();
  });
});

describe('a deployment serving one space (HELPDESK_SPACE_ID)', () => {
  let s: Scene;
  beforeAll(async () => {
    s = await scene({ spaceId: 'it' });
  });
  afterAll(() => s.close());

  it('binds a channel only to that space, and says so for any other', async () => {
    const other = await handleText(s.ctx(), 'space facilities');
    expect(message(other)).toMatch(/serves space it only/);
    expect(await (await spaceBindingsIn(s.store)).get(CHANNEL.platform, CHANNEL.id)).toBeUndefined();
    expect(message(await handleText(s.ctx(), 'space it'))).toMatch(/now belongs to space it/);
    const queue = list(await handleText(s.ctx(), 'queue all'));
    expect(queue.title).toMatch(/· space it$/);
    // Nothing else to show: no "All spaces" button.
    expect(queue.actions ?? []).toEqual([]);
  });
});

describe('a site before product 1.5 (no SD_SpaceId)', () => {
  let s: Scene;
  beforeAll(async () => {
    s = await scene({ spaces: false });
  });
  afterAll(() => s.close());

  it('says it has no spaces, binds nothing, and files tickets as before', async () => {
    expect(message(await handleText(s.ctx(), 'space'))).toMatch(/has no spaces.*before 1\.5/);
    expect(message(await handleText(s.ctx(), 'space it'))).toMatch(/has no spaces/);
    expect(await (await spaceBindingsIn(s.store)).get(CHANNEL.platform, CHANNEL.id)).toBeUndefined();
    const filed = await dispatch(s.ctx(), { verb: VERBS.create, values: { title: 'Desk lamp' } });
    expect(filed.ticketId).toBeGreaterThan(0);
    expect(s.spaceOf(filed.ticketId!)).toBeUndefined();
  });
});
