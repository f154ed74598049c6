/**
 * "Looks like #12" on the cards agents ask for: an agent's `show <id>` of a new ticket that repeats
 * an open one gets the same line and Merge button as the channel card (the duplicates feature's
 * card hook, from the search index, no Graph request); the requester's own card never has it, and
 * neither has the older ticket nor an unrelated one.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registryOf } from '../../../src/commands/registry';
import { bindFeatures, FEATURES, featureMigrations } from '../../../src/features';
import { testHost } from '../../support/feature-commands';
import { indexedTicketOf } from '../../../src/features/search/search-index';
import type { TicketIndex } from '../../../src/core/search';
import { lookAlikeOnCard } from '../../../src/features/duplicates/look-alike';
import type { Ticket } from '../../../src/helpdesk/types';
import { ticketView } from '../../../src/views/ticket-view';
import type { Notice } from '../../../src/core/outcome';
import { createSqliteStore, type Store } from '../../../src/store';
import { createLogger } from '../../../src/log';
import { cardOf, cardText, startTeamsHarness, type TeamsHarness } from '../../teams/harness';

const logger = createLogger({ level: 'error', write: () => undefined });

describe('look-alike tickets on the cards agents ask for (Teams)', () => {
  let dir: string;
  let store: Store;
  let h: TeamsHarness;
  let first: Ticket;
  let again: Ticket;
  let other: Ticket;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'look-alike-card-'));
    store = createSqliteStore({ dataDir: dir, features: featureMigrations(FEATURES) });
    const db = await store.featureDatabase();
    // The app's registry: every listed feature bound to this store and the harness's help desk, as src/app.ts binds them.
    h = await startTeamsHarness({ commands: (stack) => registryOf(bindFeatures(FEATURES, { ...testHost(store, { graph: stack.graph, helpdesk: stack.helpdesk, vocabulary: stack.helpdesk.vocabulary, logger }), db })) });
    const lynne = { email: h.emails.lynne!, name: 'Lynne Robbins' };
    first = await h.stack.helpdesk.createTicket(lynne, { title: 'Printer on floor 3 offline', description: 'nothing prints' });
    again = await h.stack.helpdesk.createTicket(lynne, { title: 'printer floor 3 still offline', description: 'nothing prints at all' });
    other = await h.stack.helpdesk.createTicket(lynne, { title: 'Need a new headset', description: 'mine broke' });
    // What the poller's indexer keeps of them.
    await store.indexTickets([first, again, other].map((t) => indexedTicketOf(t, new Map())));
  }, 60_000);
  afterAll(async () => {
    await h?.close();
    await store?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const shown = async (id: number, who: 'dana' | 'lynne') => {
    const [reply] = await h.say(`show ${id}`, who);
    return cardOf(reply)!;
  };

  it('an agent\'s show of the repeat has the line and the Merge button', async () => {
    const card = await shown(again.id, 'dana');
    expect(cardText(card)).toContain(`Looks like #${first.id} (New)`);
    expect(JSON.stringify(card)).toContain('ticket.mergeAsk');
  });

  it('the requester\'s own card of the same ticket never has it', async () => {
    const card = await shown(again.id, 'lynne');
    expect(cardText(card)).toContain('printer floor 3 still offline');
    expect(cardText(card)).not.toContain('Looks like');
    expect(JSON.stringify(card)).not.toContain('ticket.mergeAsk');
  });

  it('the older ticket and an unrelated one have no line', async () => {
    expect(cardText(await shown(first.id, 'dana'))).not.toContain('Looks like');
    expect(cardText(await shown(other.id, 'dana'))).not.toContain('Looks like');
  });

  it('reads the index only for an open ticket of the last 7 days, and keeps a notice the card already has first', async () => {
    let searches = 0;
    const index: TicketIndex = { searchTickets: (s) => (searches++, store.searchTickets(s)) };
    const vocabulary = h.stack.helpdesk.vocabulary;
    const agent = { email: h.emails.dana!, isAgent: true, locale: 'en' };
    const card = (t: Ticket, notice?: Notice) => ticketView(t, [], agent, vocabulary, notice);
    const today = lookAlikeOnCard(index, vocabulary, () => new Date());
    const dressed = await today(card(again, { text: 'Claimed', tone: 'success' }));
    expect(dressed.notice).toEqual({ text: `Claimed\nLooks like #${first.id} (New)`, tone: 'success' });
    expect(searches).toBe(1);
    expect(await today(card({ ...again, status: 'Resolved' }))).not.toHaveProperty('notice');
    const nextWeek = lookAlikeOnCard(index, vocabulary, () => new Date(Date.now() + 8 * 86_400_000));
    expect(await nextWeek(card(again))).not.toHaveProperty('notice');
    expect(searches).toBe(1);
  });
});
