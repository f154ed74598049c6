import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/log';
import { createDeliverer, createPoller, createSendQueue } from '../../src/notify';
import { createSqliteStore, type Store } from '../../src/store';
import { vocabulary } from './emulator-setup';
import { memoryFeed } from './memory-feed';
import { recordingDelivery } from './recording-delivery';

const dirs: string[] = [];
const stores: Store[] = [];
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function setup() {
  const dir = mkdtempSync(path.join(tmpdir(), 'own-'));
  dirs.push(dir);
  const store = createSqliteStore({ dataDir: dir });
  stores.push(store);
  const env = memoryFeed();
  const rec = recordingDelivery('slack');
  const logger = createLogger({ level: 'error', write: () => undefined });
  const deliverer = createDeliverer({ deliveries: [rec.delivery], store, queue: createSendQueue(), logger, vocabulary });
  const poller = createPoller({ feed: env.feed, store, deliverer, vocabulary, logger, pollSeconds: 15, now: env.now });
  for (const email of ['alex@contoso.com', 'dana@contoso.com']) await store.savePersonAddress({ platform: 'slack', email, userId: email });
  env.put({ id: 1, title: 'Printer', assignedTo: 'dana@contoso.com' });
  env.tick(60); // known before the bot started: not announced
  await poller.runOnce();
  return { store, env, rec, poller };
}
const dmsTo = (sent: { op: string; email?: string; text?: string }[], email: string) => sent.filter((x) => x.op === 'dm' && x.email === email).map((x) => x.text);

describe('nobody hears about their own action — and only about their own', () => {
  it('a requester comments and an agent resolves in the web portal in the same poll window: the requester still gets the resolution', async () => {
    const s = await setup();
    s.env.tick(2);
    s.env.comment({ ticketId: 1, body: 'Still broken on floor 3', authorEmail: 'alex@contoso.com', authorName: 'Alex' });
    s.env.tick(1);
    s.env.put({ id: 1, status: 'Resolved' }); // made in the portal: the bot does not know by whom
    await s.poller.runOnce();
    expect(dmsTo(s.rec.sent, 'alex@contoso.com')).toEqual(['Your ticket #1 "Printer" was resolved.']);
    expect(dmsTo(s.rec.sent, 'dana@contoso.com')).toEqual(['Alex (requester) commented on #1 "Printer": Still broken on floor 3']);
  });

  it('the agent who resolved through the bot with a note is not told; the requester gets the note', async () => {
    const s = await setup();
    s.env.tick(2);
    const note = s.env.comment({ ticketId: 1, body: 'Replaced the fuser', authorEmail: 'dana@contoso.com', authorName: 'Dana' });
    await s.store.recordAction({ kind: 'comment', itemId: note.id, actorEmail: 'dana@contoso.com' });
    const t = s.env.put({ id: 1, status: 'Resolved' });
    await s.store.recordAction({ kind: 'ticket', itemId: 1, etag: t.etag, actorEmail: 'dana@contoso.com' });
    await s.poller.runOnce();
    expect(dmsTo(s.rec.sent, 'alex@contoso.com')).toEqual(['Your ticket #1 "Printer" was resolved.\nResolution: Replaced the fuser']);
    expect(dmsTo(s.rec.sent, 'dana@contoso.com')).toEqual([]);
  });
});
