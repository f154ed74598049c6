/**
 * Change storms at the port: the threshold, what still gets a card of its own (high priority, SLA
 * breached, at most 10), cards already in the channel edited quietly, and a person's own changes
 * through the bot never counted. End to end on both platforms: storm-teams / storm-slack / storm-kill.
 */
import { slaTableIn } from '../../src/features/sla/sla-table';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_VOCABULARY } from '../../src/config';
import { createLogger } from '../../src/log';
import { createDeliverer, createPoller, createSendQueue, type Delivery } from '../../src/notify';
import { createConversationPorts, createSqliteStore, type Store } from '../../src/store';
import type { StormView } from '../../src/features/storms/storm-view';
import { memoryFeed } from './memory-feed';
import { boundFeatures, openTestPolicy } from '../support/feature-commands';
import { stormsFeature } from '../../src/features/storms/storms-feature';
import { recordingDelivery } from './recording-delivery';

const vocabulary = DEFAULT_VOCABULARY;
const dirs: string[] = [];
const stores: Store[] = [];
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function setup(stormThreshold?: number) {
  const dir = mkdtempSync(path.join(tmpdir(), 'storm-'));
  dirs.push(dir);
  const store = createSqliteStore({ dataDir: dir });
  stores.push(store);
  const env = memoryFeed();
  const rec = recordingDelivery('slack');
  const summaries: { conversationId: string; view: StormView }[] = [];
  const delivery: Delivery = { ...rec.delivery, postScreen: async (conversationId, view) => (summaries.push({ conversationId, view }), `sum${summaries.length}`) };
  const logger = createLogger({ level: 'error', write: () => undefined });
  const deliverer = createDeliverer({ deliveries: [delivery], store, queue: createSendQueue(), logger, vocabulary });
  // The storms feature's planning hook, bound as src/app.ts binds it (HELPDESK_STORM_THRESHOLD, default 10).
  // With an SLA policy, so a breached clock makes a ticket matter.
  const { planHooks } = await boundFeatures(store, { vocabulary, logger, settings: { stormThreshold: stormThreshold ?? 10 }, slaPolicy: await openTestPolicy() }, [stormsFeature]);
  const poller = createPoller({ feed: env.feed, store, deliverer, vocabulary, logger, pollSeconds: 15, now: env.now, planHooks });
  await createConversationPorts(store).subscribe({ platform: 'slack', id: 'C1', kind: 'channel' }, { kind: 'all' }, { email: 'dana@contoso.com', name: 'Dana' });
  await poller.runOnce();
  env.tick(2);
  return { store, env, rec, summaries, poller };
}
/** What a summary screen says: its heading, its facts, its notes, and the storm its list button pages. */
const headingOf = (v: StormView) => v.elements.flatMap((e) => (e.kind === 'heading' ? [e.text] : []))[0];
const factsOf = (v: StormView) => v.elements.flatMap((e) => (e.kind === 'facts' ? e.facts : []));
const notesOf = (v: StormView) => v.elements.flatMap((e) => (e.kind === 'lines' && e.muted ? e.lines : []));
const stormIdOf = (v: StormView) => v.elements.flatMap((e) => (e.kind === 'actions' ? e.actions : [])).find((a) => a.data?.storm)?.data?.storm;
const ops = (s: Awaited<ReturnType<typeof setup>>, op: string) => s.rec.sent.filter((x) => x.op === op && x.conversationId === 'C1');

describe('change storms', () => {
  it('10 tickets in a cycle are 10 cards; 11 are one summary that lists all 11', async () => {
    const s = await setup();
    for (let i = 1; i <= 10; i++) s.env.put({ id: i });
    await s.poller.runOnce();
    expect(ops(s, 'post')).toHaveLength(10);
    expect(s.summaries).toHaveLength(0);

    s.env.tick(2);
    for (let i = 11; i <= 21; i++) s.env.put({ id: i });
    await s.poller.runOnce();
    expect(ops(s, 'post')).toHaveLength(10);
    expect(s.summaries).toHaveLength(1);
    expect(headingOf(s.summaries[0].view)).toBe('11 tickets changed at once');
    expect(await s.store.getMemo(`storm:${stormIdOf(s.summaries[0].view)}`)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21]);
  });

  it('HELPDESK_STORM_THRESHOLD sets where a storm starts', async () => {
    const s = await setup(3);
    for (let i = 1; i <= 4; i++) s.env.put({ id: i });
    await s.poller.runOnce();
    expect(s.summaries).toHaveLength(1);
    expect(ops(s, 'post')).toHaveLength(0);
  });

  it('high-priority and SLA-breached tickets keep a card of their own, at most 10 per storm', async () => {
    const s = await setup();
    await slaTableIn(s.store).putSlaRecords([{ id: 3, history: { created: 0, observations: [] }, dueAt: s.env.now().getTime() - 60_000, announced: [], policy: 'p' }]);
    for (let i = 1; i <= 40; i++) s.env.put({ id: i, priority: i > 25 ? 'High' : 'Normal' });
    await s.poller.runOnce();
    expect(s.summaries).toHaveLength(1);
    expect(notesOf(s.summaries[0].view)).toHaveLength(1);
    const carded = ops(s, 'post').map((x) => x.view!.id);
    expect(carded).toHaveLength(10);
    expect(carded).toContain(3);
    expect(carded.filter((id) => id > 25)).toHaveLength(9);
  });

  it('cards already in the channel are edited in place without thread lines; the summary has them all', async () => {
    const s = await setup();
    for (let i = 1; i <= 6; i++) s.env.put({ id: i });
    await s.poller.runOnce();
    s.env.tick(2);
    for (let i = 7; i <= 12; i++) s.env.put({ id: i });
    await s.poller.runOnce();
    expect(ops(s, 'post')).toHaveLength(12);
    s.env.tick(2);
    for (let i = 1; i <= 12; i++) s.env.put({ id: i, status: 'In Progress' });
    await s.poller.runOnce();
    expect(s.summaries).toHaveLength(1);
    expect(ops(s, 'update')).toHaveLength(12);
    expect(ops(s, 'line')).toHaveLength(0);
    expect(ops(s, 'post')).toHaveLength(12);
    expect(factsOf(s.summaries[0].view)[0].value).toBe('In Progress 12');

    // The next change of one of them is a card update and a thread line as usual.
    s.env.tick(2);
    s.env.put({ id: 5, status: 'Resolved' });
    await s.poller.runOnce();
    expect(ops(s, 'line')).toHaveLength(1);
    expect(s.summaries).toHaveLength(1);
  });

  it('changes a person made through the bot never make a storm', async () => {
    const s = await setup();
    const written = Array.from({ length: 12 }, (_, i) => s.env.put({ id: i + 1 }));
    await s.poller.announce({ tickets: written, actorEmail: 'dana@contoso.com' });
    await s.poller.runOnce();
    // The fast lane sends in the background: wait for its cards (5 s at most).
    for (let i = 0; i < 250 && ops(s, 'post').length < 12; i++) await new Promise((r) => setTimeout(r, 20));
    expect(ops(s, 'post')).toHaveLength(12);
    expect(s.summaries).toHaveLength(0);
  });
});
