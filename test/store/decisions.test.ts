/**
 * Every write happens once, in the store (issue 40, section 2): a decision is claimed by exactly one
 * caller, on either engine and across two replicas on one PostgreSQL database; the winner's answer
 * reaches the losers; a released or lapsed claim can be taken again.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { once } from '../../src/commands/once';
import { REGISTRY } from '../../src/commands/registry';
import type { CommandContext, Reply } from '../../src/commands/types';
import { createConversationPorts, createPostgresStore, type Store } from '../../src/store';
import { freshDatabase, pgAvailable, pgProblem } from '../support/postgres';
import { engines } from './engines';

const done = (message: string): Reply => ({ view: { type: 'confirmation', confirmation: { message, tone: 'success', actions: [] } }, visibility: 'private', outcome: 'saved' });

describe.each(engines)('$name store: decisions', (engine) => {
  if (!engine.available()) {
    it.skip(`cannot run: ${pgProblem()}`, () => undefined);
    return;
  }
  const open: { store: Store; location: string }[] = [];
  afterEach(async () => {
    for (const o of open.splice(0)) {
      await o.store.close();
      engine.cleanup(o.location);
    }
  });

  it('gives a decision to one of many callers at once, keeps its answer, and frees it when released or lapsed', async () => {
    const location = await engine.fresh();
    const store = await engine.open(location);
    open.push({ store, location });
    const claims = await Promise.all(Array.from({ length: 8 }, () => store.claimDecision('k1', 60_000)));
    expect(claims.filter((c) => c === 'won')).toHaveLength(1);
    expect(await store.decisionOutcome('k1')).toBe('pending');
    await store.settleDecision('k1', { said: 'Filed #12' }, 60_000);
    expect(await store.decisionOutcome('k1')).toEqual({ reply: { said: 'Filed #12' } });
    expect(await store.claimDecision('k1', 60_000)).toBe('taken');

    expect(await store.claimDecision('k2', 60_000)).toBe('won');
    await store.releaseDecision('k2');
    expect(await store.decisionOutcome('k2')).toBeUndefined();
    expect(await store.claimDecision('k2', 60_000)).toBe('won');

    // A winner that died: its claim lapses and the next click acts.
    expect(await store.claimDecision('k3', -1)).toBe('won');
    expect(await store.decisionOutcome('k3')).toBeUndefined();
    expect(await store.claimDecision('k3', 60_000)).toBe('won');
  });
});

describe.skipIf(!pgAvailable())(`two replicas on one PostgreSQL database${pgAvailable() ? '' : ` (cannot run: ${pgProblem()})`}`, () => {
  it('claim a decision once between them, and the click on the other replica gets the first one\'s answer', async () => {
    const url = await freshDatabase();
    const [a, b] = await Promise.all([createPostgresStore({ url }), createPostgresStore({ url })]);
    try {
      const claims = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).claimDecision('replicas', 60_000)));
      expect(claims.filter((c) => c === 'won')).toHaveLength(1);

      // The same click arriving at both replicas: the handler runs once, both answers say it was filed.
      let runs = 0;
      const ctx = (store: Store): CommandContext => ({
        actor: { email: 'sam@example.com', name: 'Sam' },
        helpdesk: undefined as never,
        conversation: { platform: 'slack', id: 'D1', kind: 'personal' },
        channel: {},
        notifications: createConversationPorts(store),
      });
      const input = { verb: 'ticket.create', values: { title: 'Printer', decision: 'd-replicas' } };
      const handle = async () => {
        runs += 1;
        await new Promise((r) => setTimeout(r, 50));
        return done('Ticket #12 filed.');
      };
      const [first, second] = await Promise.all([once(ctx(a), REGISTRY, input, handle), once(ctx(b), REGISTRY, input, handle)]);
      expect(runs).toBe(1);
      const said = [first, second].map((r) => (r.view.type === 'confirmation' ? r.view.confirmation.message : ''));
      expect(said).toContain('Ticket #12 filed.');
      expect(said).toContain('Already done: Ticket #12 filed.');
    } finally {
      await a.close();
      await b.close();
    }
  });
});
