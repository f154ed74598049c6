/**
 * A channel digest says how many questions the desk's answers settled without a ticket since
 * the last one, next to the tickets filed; without answers kept, it has no such line.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IndexedTicket } from '../../../src/core';
import { indexed } from '../../search/index-contract';
import { createLogger } from '../../../src/log';
import { createDigests } from '../../../src/features/digests/digest-timer';
import { createOutboxService } from '../../../src/notify/outbox-service';
import { createSqliteStore, type Store } from '../../../src/store';
import { digestView, type DigestView } from '../../../src/features/digests/digest-view';
import { openAnswerPorts } from '../../support/answers-db';
import { factsOf } from '../digests/digest-sample';
import { startHelpdeskStack, type HelpdeskStack } from '../../support/helpdesk-stack';

const logger = createLogger({ level: 'error', write: () => undefined });

describe('the digest and the answers', () => {
  let stack: HelpdeskStack;
  let answers: Awaited<ReturnType<typeof openAnswerPorts>>;
  const stores: Store[] = [];
  /** The tickets the poller would have indexed. */
  const indexedTickets: IndexedTicket[] = [];
  beforeAll(async () => {
    stack = await startHelpdeskStack({ seed: 'none' });
    answers = await openAnswerPorts();
  }, 30_000);
  afterAll(async () => {
    for (const s of stores) await s.close();
    await answers?.close();
    await stack?.close();
  });

  /** The facts of a digest posted now into a fresh channel, with or without the answers. */
  async function digestFacts(withAnswers: boolean): Promise<string[]> {
    const store = createSqliteStore({ file: ':memory:' });
    stores.push(store);
    await store.indexTickets(indexedTickets);
    const digests = createDigests({ store, outbox: createOutboxService(store), vocabulary: stack.helpdesk.vocabulary, logger, timeZone: 'UTC', locale: 'en', ...(withAnswers ? { answers: answers.ports } : {}) });
    const now = await digests.ports.digestNow({ platform: 'slack', id: 'CDESK', kind: 'channel' });
    const view: DigestView = digestView(now.figures, { since: now.since, basis: now.basis, onRequest: true }, now.zone, now.locale);
    return factsOf(view);
  }

  it('counts the questions answered without a ticket, next to the tickets filed in the same period', async () => {
    await answers.ports.countAnswered('digest-1', 'vpn-home', 'en', new Date().toISOString());
    await answers.ports.countAnswered('digest-2', 'drucker', 'de', new Date().toISOString());
    // Three tickets filed in the digest's period (an hour ago), one long before it.
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    indexedTickets.push(...[1, 2, 3].map((id) => indexed(id, { created: hourAgo, modified: hourAgo })), indexed(4, { created: '2026-01-05T09:00:00Z', modified: '2026-01-05T09:00:00Z' }));
    const facts = await digestFacts(true);
    const at = facts.findIndex((f) => f.startsWith('Answered without a ticket'));
    expect(facts[at]).toBe('Answered without a ticket: 2 (3 tickets filed)');
    expect(facts[at - 1]).toMatch(/^New since (the last digest|then): \d+$/);
    expect(await digestFacts(false)).not.toContainEqual(expect.stringMatching(/Answered without a ticket/));
  });

  it('says it in German too, one ticket or several', () => {
    const figures = { openByStatus: [], openTotal: 0, newSince: 1, resolvedSince: 0, unassignedTotal: 0, unassigned: [] };
    const facts = (filed: number) => factsOf(digestView({ ...figures, answered: { questions: 2, filed } }, { since: Date.now() - 86_400_000, basis: 'last' }, 'Europe/Berlin', 'de'));
    expect(facts(1)).toContain('Ohne Ticket beantwortet: 2 (1 Ticket angelegt)');
    expect(facts(4)).toContain('Ohne Ticket beantwortet: 2 (4 Tickets angelegt)');
  });
});
