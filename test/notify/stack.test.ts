import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createChangeFeed } from '../../src/helpdesk/changes';
import { dispatch } from '../../src/commands';
import type { CommandInput } from '../../src/commands/types';
import { VERBS } from '../../src/core';
import type { Actor } from '../../src/helpdesk/types';
import { createLogger } from '../../src/log';
import { createActionLog, createDeliverer, createPoller, createSendQueue, type Poller } from '../../src/notify';
import { createConversationPorts, createSqliteStore, type Store } from '../../src/store';
import { startHelpdeskStack, type HelpdeskStack } from '../support/helpdesk-stack';
import { recordingDelivery } from './recording-delivery';

const alex = { email: 'alex@contoso.com', name: 'Alex Requester' };
const dana = { email: 'dana@contoso.com', name: 'Dana Agent' };
const sam = { email: 'sam@contoso.com', name: 'Sam Agent' };
let stack: HelpdeskStack;
let store: Store;
let dir: string;
let poller: Poller;
let rec: ReturnType<typeof recordingDelivery>;

beforeEach(async () => {
  stack = await startHelpdeskStack({ seed: 'none', service: { agentCacheTtlMs: 0 } });
  for (const a of [dana, sam]) stack.emulator.data.insert('SD_Agents', { Title: a.name, SD_Email: a.email, SD_IsActive: true });
  dir = mkdtempSync(path.join(tmpdir(), 'stack-'));
  store = createSqliteStore({ dataDir: dir });
  rec = recordingDelivery('slack');
  const logger = createLogger({ level: 'error', write: () => undefined });
  const vocabulary = stack.helpdesk.vocabulary;
  const deliverer = createDeliverer({ deliveries: [rec.delivery], store, queue: createSendQueue(), logger, vocabulary });
  // As createNotifications wires it: the agents' names (and who is an agent) through the service's cache.
  poller = createPoller({ feed: createChangeFeed(stack.graph, stack.settings), store, deliverer, vocabulary, logger, pollSeconds: 15, agentNames: () => stack.helpdesk.activeAgents() });
  await createConversationPorts(store).subscribe({ platform: 'slack', id: 'CDESK', kind: 'channel' }, { kind: 'all' }, dana);
  for (const p of [alex, dana, sam]) await store.savePersonAddress({ platform: 'slack', email: p.email, userId: `U${p.name}` });
  await poller.runOnce();
});
afterEach(async () => {
  await store.close();
  await stack.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs a command as `actor`, as the channels do: the command layer records who acted. */
async function run(actor: Actor, input: CommandInput): Promise<number> {
  const ports = { ...createConversationPorts(store), recordAction: createActionLog(store) };
  const reply = await dispatch({ actor, helpdesk: stack.helpdesk, conversation: { platform: 'slack', id: 'D1', kind: 'personal' }, channel: {}, notifications: ports }, input);
  if (reply.view.type !== 'ticket') throw new Error(`expected a ticket, got ${JSON.stringify(reply.view)}`);
  return reply.view.ticket.id;
}

const dms = (email: string) => rec.sent.filter((s) => s.op === 'dm' && s.email === email).map((s) => s.text);

describe('notifications for changes made through the commands', () => {
  it('a ticket’s life: nobody hears about their own action, the requester never sees the internal note', async () => {
    const t = { id: await run(alex, { verb: VERBS.create, values: { title: 'Cannot print', priority: 'Normal', category: 'Hardware' } }) };
    await poller.runOnce();
    await run(dana, { verb: VERBS.claim, ticketId: t.id });
    await poller.runOnce();
    await run(alex, { verb: VERBS.comment, ticketId: t.id, values: { comment: 'It says paper jam' } });
    await run(dana, { verb: VERBS.comment, ticketId: t.id, values: { comment: 'Printer firmware is old', internal: 'true' } });
    await poller.runOnce();
    await run(dana, { verb: VERBS.resolve, ticketId: t.id, values: { note: 'Cleared the jam and updated firmware' } });
    await poller.runOnce();
    await poller.runOnce();

    expect(dms(alex.email)).toEqual([
      `Your ticket #${t.id} "Cannot print" is now Assigned.`,
      `Your ticket #${t.id} "Cannot print" was resolved.\nResolution: Cleared the jam and updated firmware`,
    ]);
    expect(dms(dana.email)).toEqual([`Alex Requester (requester) commented on #${t.id} "Cannot print": It says paper jam`]);
    expect(JSON.stringify(rec.sent)).not.toContain('firmware is old');
    const channel = rec.sent.filter((s) => s.conversationId === 'CDESK');
    expect(channel.filter((s) => s.op === 'post')).toHaveLength(1);
    expect(channel.filter((s) => s.op === 'update').map((s) => s.view?.status)).toEqual(['Assigned', 'Resolved']);
  }, 30_000);

  it('another agent assigning the ticket tells the new assignee; a muted requester hears nothing', async () => {
    const t = { id: await run(alex, { verb: VERBS.create, values: { title: 'New laptop' } }) };
    await poller.runOnce();
    await createConversationPorts(store).setMuted(alex.email, true);
    await run(sam, { verb: VERBS.assign, ticketId: t.id, values: { assignee: dana.email } });
    await run(sam, { verb: VERBS.comment, ticketId: t.id, values: { comment: 'Dana will bring it tomorrow' } });
    await poller.runOnce();
    expect(dms(dana.email)).toEqual([`Sam Agent assigned ticket #${t.id} "New laptop" to you (requester: Alex Requester, priority Normal).`]);
    expect(dms(alex.email)).toEqual([]);
    expect(dms(sam.email)).toEqual([]);
  }, 30_000);
});
