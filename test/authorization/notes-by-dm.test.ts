/**
 * Internal notes reach people only as agents: the assignee's DM about a note goes to an active
 * agent, never to someone who was an agent and was deactivated (they are a requester now) nor, when
 * the agents list cannot be read, to anyone. Poller against the embedded site, recording delivery.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator';
import { createChangeFeed } from '../../src/helpdesk/changes';
import { createLogger } from '../../src/log';
import { createDeliverer, createPoller, createSendQueue } from '../../src/notify';
import { createSqliteStore, type Store } from '../../src/store';
import { graphFor, ticketRow, vocabulary } from '../notify/emulator-setup';
import { recordingDelivery } from '../notify/recording-delivery';

const ACTIVE = 'dana@contoso.com';
const DEACTIVATED = 'adele@contoso.com';
const open: { emu: Emulator; store: Store; dir: string }[] = [];
afterEach(async () => {
  for (const o of open.splice(0)) {
    await o.store.close();
    await o.emu.close();
    rmSync(o.dir, { recursive: true, force: true });
  }
});

/** Two tickets, one held by an active agent and one by a deactivated one, then an internal note on each. */
async function notesOnBoth(agentNames: () => Promise<{ email: string; name: string }[]>) {
  const emu = await startEmulator({ seed: 'none' });
  const dir = mkdtempSync(path.join(tmpdir(), 'authz-notes-'));
  const store = createSqliteStore({ dataDir: dir });
  open.push({ emu, store, dir });
  const rec = recordingDelivery('slack');
  const logger = createLogger({ level: 'error', write: () => undefined });
  const deliverer = createDeliverer({ deliveries: [rec.delivery], store, queue: createSendQueue(), logger, vocabulary });
  const poller = createPoller({ feed: createChangeFeed(graphFor(emu), {}), store, deliverer, vocabulary, logger, pollSeconds: 15, agentNames });
  for (const [email, userId] of [[ACTIVE, 'UDANA'], [DEACTIVATED, 'UADELE']]) await store.savePersonAddress({ platform: 'slack', email, userId });
  await poller.runOnce();
  for (const holder of [ACTIVE, DEACTIVATED]) {
    const { id } = emu.data.insert('SD_Tickets', ticketRow(1, { Title: `Held by ${holder}`, SD_Status: 'Assigned', SD_AssignedTo: holder }));
    emu.data.insert('SD_Comments', { Title: 'n', SD_TicketId: Number(id), SD_Body: `Secret about ${holder}`, SD_AuthorEmail: 'sam@contoso.com', SD_AuthorName: 'Sam', SD_IsInternal: true });
  }
  await poller.runOnce();
  await poller.runOnce();
  await poller.stop();
  const dms = (email: string) => rec.sent.filter((s) => s.op === 'dm' && s.email === email).map((s) => s.text ?? '');
  return { dms };
}

describe('internal notes by direct message', () => {
  it('go to an assignee who is an active agent, not to one who was deactivated', async () => {
    const { dms } = await notesOnBoth(async () => [{ email: ACTIVE, name: 'Dana' }]);
    expect(dms(ACTIVE).join('\n')).toContain(`Secret about ${ACTIVE}`);
    expect(dms(DEACTIVATED).join('\n')).not.toContain('Secret');
    // The deactivated agent still hears what a requester may: the ticket is theirs to know about.
    expect(dms(DEACTIVATED).join('\n')).toContain(`Held by ${DEACTIVATED}`);
  }, 30_000);

  it('go to nobody while the agents list cannot be read', async () => {
    const { dms } = await notesOnBoth(async () => {
      throw new Error('Graph is down');
    });
    expect([...dms(ACTIVE), ...dms(DEACTIVATED)].join('\n')).not.toContain('Secret');
  }, 30_000);
});
