/** The Store contract: every engine keeps and answers the same things the same way. */
import { spaceBindingsIn } from '../../src/features/spaces/space-table';
import { afterEach, describe, expect, it } from 'vitest';
import { createConversationPorts, type Store } from '../../src/store';
import { pgProblem } from '../support/postgres';
import { engines } from './engines';

const channel = { platform: 'slack' as const, id: 'C1', kind: 'channel' as const };
const dana = { email: 'Dana@Contoso.com', name: 'Dana' };

describe.each(engines)('$name store', (engine) => {
  if (!engine.available()) {
    it.skip(`cannot run: ${pgProblem()}`, () => undefined);
    return;
  }
  const stores: Store[] = [];
  const locations: string[] = [];
  async function open() {
    const location = await engine.fresh();
    locations.push(location);
    const store = await engine.open(location);
    stores.push(store);
    return { store, location };
  }
  afterEach(async () => {
    for (const s of stores.splice(0)) await s.close();
    for (const l of locations.splice(0)) engine.cleanup(l);
  });

  it('keeps subscriptions, posted cards, watermarks and states across a reopen', async () => {
    const { location, store } = await open();
    const ports = createConversationPorts(store);
    await ports.subscribe(channel, { kind: 'high' }, dana);
    await ports.subscribe(channel, { kind: 'category', value: 'Network' }, dana);
    await ports.subscribe(channel, { kind: 'high' }, dana); // same filter twice is one subscription
    await store.savePostedMessage({ platform: 'slack', conversationId: 'C1', ticketId: 7, messageId: '171.0001' });
    await store.commitCycle({
      watermarks: { t: '2026-11-22T10:00:00Z' },
      states: [{ id: 7, status: 'New', assignedTo: '', priority: 'High', etag: '"a,1"', modified: '2026-11-22T09:59:58Z' }],
      processedKeys: ['comment:1:"x"'],
    });
    await store.close();

    const again = await engine.open(location);
    stores.push(again);
    const subs = await createConversationPorts(again).subscriptions(channel);
    expect(subs).toHaveLength(2);
    expect(subs).toEqual(expect.arrayContaining([{ kind: 'high' }, { kind: 'category', value: 'Network' }]));
    expect((await again.allSubscriptions())[0].createdBy).toBe('dana@contoso.com');
    expect(await again.findPostedMessage('slack', 'C1', '171.0001')).toMatchObject({ ticketId: 7 });
    expect(await again.getWatermark('t')).toBe('2026-11-22T10:00:00Z');
    expect((await again.getTicketStates([7, 8])).get(7)).toEqual({ id: 7, status: 'New', assignedTo: '', priority: 'High', etag: '"a,1"', modified: '2026-11-22T09:59:58Z' });
    expect(await again.deliveredAmong(['comment:1:"x"', 'comment:2:"y"'])).toEqual(new Set(['comment:1:"x"']));
  });

  it('unsubscribes one filter or all of them and reports how many went', async () => {
    const { store } = await open();
    const ports = createConversationPorts(store);
    await ports.subscribe(channel, { kind: 'all' }, dana);
    await ports.subscribe(channel, { kind: 'status', value: 'New' }, dana);
    await ports.subscribe(channel, { kind: 'space', value: 'hr' }, dana);
    expect(await ports.unsubscribe(channel, { kind: 'status', value: 'Closed' })).toBe(0);
    expect(await ports.unsubscribe(channel, { kind: 'status', value: 'New' })).toBe(1);
    expect(await ports.unsubscribe(channel)).toBe(2);
    expect(await ports.subscriptions(channel)).toEqual([]);
  });

  it('dropping a conversation removes its subscriptions and cards', async () => {
    const { store } = await open();
    await createConversationPorts(store).subscribe(channel, { kind: 'all' }, dana);
    await store.savePostedMessage({ platform: 'slack', conversationId: 'C1', ticketId: 3, messageId: 'm' });
    expect(await store.dropConversation('slack', 'C1')).toBe(1);
    expect(await store.allSubscriptions()).toEqual([]);
    expect(await store.postedMessages(3)).toEqual([]);
  });

  it('mutes by email regardless of case and prefers the newest personal address', async () => {
    const { store } = await open();
    await createConversationPorts(store).setMuted('ALEX@contoso.com', true);
    expect(await store.mutedAmong(['alex@contoso.com', 'dana@contoso.com'])).toEqual(new Set(['alex@contoso.com']));
    await store.setMuted('alex@contoso.com', false);
    expect((await store.mutedAmong(['alex@contoso.com'])).size).toBe(0);

    await store.savePersonAddress({ platform: 'slack', email: 'Alex@contoso.com', userId: 'U1' });
    await new Promise((r) => setTimeout(r, 5));
    await store.savePersonAddress({ platform: 'teams', email: 'alex@contoso.com', conversationId: 'a:1', reference: { conversation: { id: 'a:1' } } });
    const addresses = await store.personAddresses('alex@contoso.com');
    expect(addresses.map((a) => a.platform)).toEqual(['teams', 'slack']);
    expect(addresses[0].reference).toEqual({ conversation: { id: 'a:1' } });
  });

  it("remembers each person's last language and each conversation's chosen one, across a reopen", async () => {
    const { store, location } = await open();
    await store.savePersonLocale('Dana@Contoso.com', 'en');
    await store.savePersonLocale('dana@contoso.com', 'de'); // the language last used wins
    await store.setConversationLocale('slack', 'C1', 'de');
    await store.setConversationLocale('teams', '19:x@thread.tacv2', 'de');
    await store.setConversationLocale('teams', '19:x@thread.tacv2', undefined); // cleared
    await store.close();
    const again = await engine.open(location);
    stores.push(again);
    expect(await again.personLocales(['DANA@contoso.com', 'nobody@contoso.com'])).toEqual(new Map([['dana@contoso.com', 'de']]));
    expect(await again.conversationLocales()).toEqual(new Map([['slack:C1', 'de']]));
  });

  it('keeps a channel bound to a space, seen at once by a second replica on the same database, until it is removed', async () => {
    const { store, location } = await open();
    const replica = await engine.open(location);
    stores.push(replica);
    // The spaces feature's table, on each replica's handle of the one database.
    const [here, there] = [await spaceBindingsIn(store), await spaceBindingsIn(replica)];
    expect(await there.get('slack', 'C1')).toBeUndefined();
    await here.set('slack', 'C1', 'it', dana.email);
    expect(await there.get('slack', 'C1')).toEqual({ spaceId: 'it', boundBy: 'dana@contoso.com', boundAt: expect.any(String) });
    // Another platform's conversation with the same id is another conversation.
    expect(await there.get('teams', 'C1')).toBeUndefined();
    await there.set('slack', 'C1', 'facilities', dana.email);
    expect((await here.get('slack', 'C1'))?.spaceId).toBe('facilities');
    await here.set('slack', 'C1', undefined, dana.email);
    expect(await there.get('slack', 'C1')).toBeUndefined();
  });

  it("keeps a person's chosen language apart from the one they last wrote in; it wins for DMs until cleared, across a reopen", async () => {
    const { store, location } = await open();
    await store.savePersonLocale('alex@contoso.com', 'en');
    await store.setChosenLocale('Alex@Contoso.com', 'de');
    await store.savePersonLocale('alex@contoso.com', 'en'); // writing again in English changes nothing
    await store.savePersonLocale('kim@contoso.com', 'en');
    await store.close();
    const again = await engine.open(location);
    stores.push(again);
    expect(await again.chosenLocale('ALEX@contoso.com')).toBe('de');
    expect(await again.chosenLocale('kim@contoso.com')).toBeUndefined();
    expect(await again.personLocales(['alex@contoso.com', 'Kim@Contoso.com'])).toEqual(new Map([['alex@contoso.com', 'de'], ['kim@contoso.com', 'en']]));
    await again.setChosenLocale('alex@contoso.com', undefined); // `language default`
    expect(await again.chosenLocale('alex@contoso.com')).toBeUndefined();
    expect(await again.personLocales(['alex@contoso.com'])).toEqual(new Map([['alex@contoso.com', 'en']]));
    // Through the ports the channels read it with.
    await again.setChosenLocale('kim@contoso.com', 'de');
    expect(await createConversationPorts(again).personLanguage('KIM@contoso.com')).toBe('de');
  });

  it('reads 100k ticket states back by id after one bulk write', async () => {
    const { store } = await open();
    const states = Array.from({ length: 100_000 }, (_, i) => ({
      id: i + 1, status: 'New', assignedTo: i % 3 ? '' : 'agent@contoso.com', priority: 'Normal',
      etag: `"3f2504e0-4f89-11d3-9a0c-0305e82c3301,${i % 7}"`, modified: '2026-11-01T00:00:00Z',
    }));
    await store.putTicketStates(states);
    expect(await store.ticketStateCount()).toBe(100_000);
    const got = await store.getTicketStates([1, 50_000, 100_000, 100_001]);
    expect([...got.keys()].sort((a, b) => a - b)).toEqual([1, 50_000, 100_000]);
    expect(got.get(3)).toBeUndefined();
    expect(got.get(1)).toMatchObject({ assignedTo: 'agent@contoso.com', etag: '"3f2504e0-4f89-11d3-9a0c-0305e82c3301,0"' });
  });

  it('remembers who acted so they are not told about their own change', async () => {
    const { store } = await open();
    await store.recordAction({ kind: 'comment', itemId: 5, actorEmail: 'Dana@contoso.com', origin: { platform: 'slack', conversationId: 'C1' } });
    await store.recordAction({ kind: 'ticket', itemId: 7, etag: '"e,2"', actorEmail: 'alex@contoso.com' });
    expect(await store.findAction('comment', 5)).toEqual({ kind: 'comment', itemId: 5, etag: undefined, actorEmail: 'dana@contoso.com', origin: { platform: 'slack', conversationId: 'C1' } });
    expect(await store.findAction('ticket', 7, '"e,2"')).toMatchObject({ actorEmail: 'alex@contoso.com' });
    expect(await store.findAction('ticket', 7, '"e,3"')).toBeUndefined();
  });

  it('keeps a Teams conversation reference and forgets delivered keys older than the cut-off', async () => {
    const { store } = await open();
    const reference = { conversation: { id: '19:x@thread.tacv2' }, serviceUrl: 'https://smba.example/' };
    await store.saveConversation({ platform: 'teams', id: '19:x@thread.tacv2', kind: 'channel', reference });
    await store.saveConversation({ platform: 'teams', id: '19:x@thread.tacv2', kind: 'channel' }); // no reference: keeps the old one
    expect(await store.getConversation('teams', '19:x@thread.tacv2')).toEqual({ platform: 'teams', id: '19:x@thread.tacv2', kind: 'channel', reference });
    await store.markDelivered('a');
    expect(await store.isDelivered('a')).toBe(true);
    expect(await store.pruneDelivered(new Date(Date.now() + 1000))).toBe(1);
    expect(await store.isDelivered('a')).toBe(false);
  });

  it('an inbound event id is first once, a duplicate on every other store until it expires', async () => {
    const { store, location } = await open();
    const other = await engine.open(location);
    stores.push(other);
    const answers = await Promise.all([store, other, store, other].map((s) => s.claimInbound('slack:Ev123', 60_000)));
    expect(answers.sort()).toEqual(['duplicate', 'duplicate', 'duplicate', 'first']);
    expect(await other.claimInbound('slack:Ev999', 30)).toBe('first');
    await until(async () => (await store.claimInbound('slack:Ev999', 60_000)) === 'first');
    expect(await other.claimInbound('slack:Ev999', 60_000)).toBe('duplicate');
  });

  it('keeps a memo (last notification, a long draft) across a reopen, replaces it, and forgets it when it expires', async () => {
    const { store, location } = await open();
    const draft = 'x<5 and <null> '.repeat(200);
    await store.putMemo('notice:sam@example.com', { ticketId: 12, at: '2026-11-23T10:00:00Z' }, 60_000);
    await store.putMemo('draft:abc', { description: draft }, 60_000);
    await store.putMemo('notice:sam@example.com', { ticketId: 13, at: '2026-11-23T11:00:00Z' }, 60_000);
    await store.close();
    const again = await engine.open(location);
    stores.push(again);
    expect(await again.getMemo('notice:sam@example.com')).toEqual({ ticketId: 13, at: '2026-11-23T11:00:00Z' });
    expect(await again.getMemo<{ description: string }>('draft:abc')).toEqual({ description: draft });
    expect(await again.getMemo('notice:nobody@example.com')).toBeUndefined();
    await again.putMemo('short', { ticketId: 1 }, 30);
    await until(async () => (await again.getMemo('short')) === undefined);
  });
});

/** Waits for a condition (no fixed sleeps): a claim's expiry is a database time, not a timer. */
async function until(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}
