/**
 * From a change to the owed sends, with languages from the store: the requester's DM in the
 * language they last wrote in, a German channel's card built in German, others in HELPDESK_LOCALE.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_VOCABULARY } from '../../src/config';
import { createLogger } from '../../src/log';
import { createDeliverer, type OutboxPayload } from '../../src/notify/deliver';
import { planDeliveries } from '../../src/notify/plan';
import { createSendQueue } from '../../src/notify/send-queue';
import { ticketEvents } from '../../src/notify/detect';
import { createSqliteStore, type Store } from '../../src/store';
import { REQUESTER, sub, ticket } from '../notify/builders';

const vocabulary = DEFAULT_VOCABULARY;
const quiet = createLogger({ level: 'error', write: () => undefined });

describe('planned sends and languages', () => {
  let store: Store | undefined;
  afterEach(async () => {
    await store?.close();
  });

  it('uses each reader language kept in the store, else HELPDESK_LOCALE', async () => {
    store = createSqliteStore({ file: ':memory:' });
    for (const s of [sub('slack', 'CDE', { kind: 'all' }), sub('slack', 'CXX', { kind: 'all' })]) await store.addSubscription(s);
    await store.setConversationLocale('slack', 'CDE', 'de');
    await store.savePersonLocale(REQUESTER, 'de-AT');
    const deliverer = createDeliverer({ deliveries: [], store, queue: createSendQueue(), logger: quiet, vocabulary, locale: 'en' });
    const t = ticket({ id: 7, title: 'Drucker', status: 'Resolved' });
    const events = ticketEvents(t, { id: 7, status: 'New', assignedTo: '', priority: 'Normal', etag: '"e,0"', modified: '' });
    const intents = await planDeliveries(store, deliverer, vocabulary, { sets: [{ key: 'ticket:7:e', ticket: t, events, at: t.modified }], states: [], fresh: [], absorbed: new Set() });
    const payloads = intents.map((i) => i.payload as OutboxPayload);
    const card = (id: string) => payloads.find((p) => p.kind === 'card' && p.conversationId === id);
    expect(card('CDE')).toMatchObject({ view: { locale: 'de', statusLabel: 'Gelöst' } });
    expect(card('CXX')).toMatchObject({ view: { locale: 'en', statusLabel: 'Resolved' } });
    expect(payloads.find((p) => p.kind === 'dm')).toMatchObject({ email: REQUESTER, locale: 'de-AT', text: 'Ihr Ticket #7 "Drucker" wurde gelöst.' });
  });
});
