/**
 * The matrix's other half: every verb that is not about one ticket (help, new and create, mine,
 * search, assets, asset, every queue, notifications, every subscription verb) × every person ×
 * personal chat, channel and group chat × typed and from cards. Allowed ones work and only show what the
 * person may see; refused ones write nothing (tickets, comments, subscriptions, mute settings);
 * no reply shows an internal note outside an agent's own view.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_DECLARATIONS } from '../../src/commands';
import type { Reply } from '../../src/commands/types';
import type { ConversationKind, SubscriptionFilter } from '../../src/core';
import { sameAddress } from '../../src/core/vocabulary';
import { mayShowNotes, notesIn, refused, run, startMatrixScene, words, type MatrixScene } from './scene';
import { EVERYONE, GENERAL_ROWS, mayGenerally, PEOPLE, type GeneralRow, type Who } from './table';

let scene: MatrixScene;
let notes: string[];
/** Every ticket at the site, by id: whose it is. */
const owners = new Map<number, string>();

beforeAll(async () => {
  scene = await startMatrixScene();
  for (const who of EVERYONE) if (who !== 'noEmail') await scene.ticket(who, 'open', `Matrix searchable ${who}`);
  // A ticket filed outside the bot with no requester address: nobody without an address owns it.
  scene.stack.emulator.data.insert('SD_Tickets', { Title: 'Matrix orphan ticket', SD_Status: 'New', SD_Priority: 'Normal', SD_Category: 'Other' });
  await scene.index.fill(scene.stack);
  for (const t of await scene.stack.helpdesk.listTickets(PEOPLE.agent, { limit: 500 })) owners.set(t.id, t.submittedByEmail);
  notes = await scene.internalNotes();
}, 30_000);
afterAll(() => scene?.close());

const AGENT_ONLY_USAGES = COMMAND_DECLARATIONS.filter((c) => c.who === 'agents').map((c) => c.usage);
const filterOf = (row: GeneralRow): SubscriptionFilter => (row.values?.kind ? { kind: row.values.kind, ...(row.values.value ? { value: row.values.value } : {}) } : { kind: 'all' }) as SubscriptionFilter;

/** What the site and the store hold that a refused verb must not change. */
async function state(who: Who, conversationId: string) {
  const data = scene.stack.emulator.data;
  const subs = await scene.index.store.listSubscriptions('teams', conversationId);
  const muted = await scene.index.store.mutedAmong([PEOPLE[who].email]);
  const language = (await scene.index.store.conversationLocales()).get(`teams:${conversationId}`);
  const ownLanguage = PEOPLE[who].email ? await scene.index.store.chosenLocale(PEOPLE[who].email) : undefined;
  return { tickets: data.count('SD_Tickets'), comments: data.count('SD_Comments'), subs: subs.map((s) => s.filter), muted: [...muted], language, ownLanguage };
}

/** Asserts what an allowed row shows and leaves behind. */
async function expectAllowed(row: GeneralRow, who: Who, reply: Reply, conversationId: string, tag: string): Promise<void> {
  const v = reply.view;
  const me = PEOPLE[who].email;
  const isAgent = who === 'agent';
  const visible = (id: number) => isAgent || sameAddress(owners.get(id), me);
  switch (row.verb) {
    case 'help.show':
      expect(v.type === 'help' && v.help.isAgent, row.name).toBe(isAgent);
      if (v.type === 'help' && !isAgent) expect(v.help.commands.filter((c) => AGENT_ONLY_USAGES.includes(c.usage)), row.name).toEqual([]);
      return;
    case 'ticket.new':
      expect(v.type, row.name).toBe('form');
      return;
    case 'ticket.create': {
      const filed = (await scene.stack.helpdesk.listTickets(PEOPLE.agent, { limit: 50 })).filter((t) => t.title === `matrix filed ${tag}`);
      expect(filed.map((t) => t.submittedByEmail), row.name).toEqual([me]);
      owners.set(filed[0].id, me);
      expect(v.type === 'ticket' && v.ticket.id, row.name).toBe(filed[0].id);
      return;
    }
    case 'ticket.mine':
    case 'ticket.search':
    case 'ticket.queue': {
      if (v.type !== 'ticket-list') throw new Error(`${row.name}: a list, not ${v.type}`);
      const shown = v.list.tickets.map((t) => t.id);
      expect(shown.filter((id) => !visible(id)), `${row.name}: someone else's tickets`).toEqual([]);
      // The lists are not empty by accident: each person with an address finds their own ticket.
      if (row.verb !== 'ticket.queue' && row.values?.query !== 'printer' && who !== 'noEmail') expect(shown.length, row.name).toBeGreaterThan(0);
      if (who === 'noEmail') expect(shown, row.name).toEqual([]);
      return;
    }
    case 'asset.mine':
    case 'asset.find': {
      if (v.type !== 'asset-list') throw new Error(`${row.name}: an asset list, not ${v.type}`);
      const holders = v.list.assets.map((a) => a.holder);
      if (row.verb === 'asset.mine') expect(holders.filter((h) => !sameAddress(h, me)), row.name).toEqual([]);
      else expect(v.list.assets.map((a) => a.assetTag), row.name).toEqual([row.values!.tag]);
      return;
    }
    case 'notify.preference':
      expect(await scene.index.store.mutedAmong([me]), row.name).toEqual(new Set(row.values!.state === 'off' ? [me] : []));
      return;
    case 'notify.subscribe':
    case 'notify.unsubscribe': {
      const subs = (await scene.index.store.listSubscriptions('teams', conversationId)).map((s) => s.filter);
      if (row.verb === 'notify.subscribe') expect(subs, row.name).toContainEqual(filterOf(row));
      else if (row.values?.kind) expect(subs, row.name).not.toContainEqual(filterOf(row));
      else expect(subs, row.name).toEqual([]);
      return;
    }
    case 'notify.list':
      expect(v.type, row.name).toBe('confirmation');
      return;
    case 'notify.language': {
      expect(v.type, row.name).toBe('confirmation');
      if (!row.values?.locale) return;
      // In a personal chat it is the person's own language; elsewhere the conversation's.
      if (conversationId.includes('-personal-')) expect(await scene.index.store.chosenLocale(me), row.name).toBe(row.values.locale);
      else expect((await scene.index.store.conversationLocales()).get(`teams:${conversationId}`), row.name).toBe(row.values.locale);
      return;
    }
    default:
      // A command with no closer look here answers with the view its declaration names.
      expect(v.type, row.name).toBe(row.shows);
  }
}

describe('authorization matrix: verbs that are not about one ticket', () => {
  for (const who of EVERYONE) {
    for (const kind of ['personal', 'channel', 'group'] as ConversationKind[]) {
      for (const how of ['card', 'typed'] as const) {
        it(`${who}, ${how}, ${kind} chat`, async () => {
          const conversationId = `general-${who}-${kind}-${how}`;
          const ctx = scene.ctx(who, kind, conversationId);
          // A subscription someone set up before, which a refused unsubscribe must leave alone.
          await ctx.notifications!.subscribe(ctx.conversation, { kind: 'high' }, PEOPLE.agent);
          for (const row of GENERAL_ROWS) {
            if (how === 'typed' && !row.typed) continue;
            const tag = `${who}-${kind}-${how}`;
            const values = row.values && Object.fromEntries(Object.entries(row.values).map(([k, v]) => [k, v.replace('{tag}', tag)]));
            const before = await state(who, conversationId);
            const reply = await run(ctx, how, { verb: row.verb, ...(values ? { values } : {}) }, row.typed);
            const allowed = mayGenerally(who, kind, row);
            expect(refused(reply), `${row.name}: ${allowed ? 'allowed' : 'refused'} (${JSON.stringify(reply.view).slice(0, 200)})`).toBe(!allowed);
            if (!mayShowNotes(who, kind, reply)) expect(notesIn(reply, notes), `${row.name}: internal notes shown`).toEqual([]);
            if (allowed) await expectAllowed(row, who, reply, conversationId, tag);
            else expect(await state(who, conversationId), `${row.name}: nothing written`).toEqual(before);
          }
        }, 120_000);
      }
    }
  }

  it('refuses an asset look-up with the same words whether the asset exists or not', async () => {
    for (const who of EVERYONE.filter((w) => w !== 'agent')) {
      const ctx = scene.ctx(who, 'personal');
      const held = await run(ctx, 'typed', { verb: 'asset.find' }, 'asset LAP-0035');
      const missing = await run(ctx, 'typed', { verb: 'asset.find' }, 'asset NOPE-0000');
      expect(refused(held), who).toBe(true);
      expect(words(held, 'LAP-0035'), who).toBe(words(missing, 'NOPE-0000'));
    }
  });

  it('never lets a person without an address file a ticket or find one filed without an address', async () => {
    const ctx = scene.ctx('noEmail', 'personal');
    const found = await run(ctx, 'typed', { verb: 'ticket.search' }, 'search orphan');
    expect(found.view.type === 'ticket-list' && found.view.list.tickets, 'search orphan').toEqual([]);
    const agentFinds = await run(scene.ctx('agent', 'personal'), 'typed', { verb: 'ticket.search' }, 'search orphan');
    expect(agentFinds.view.type === 'ticket-list' && agentFinds.view.list.tickets.length, 'the agent finds it').toBe(1);
  });
});
