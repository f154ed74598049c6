import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TurnContext } from 'botbuilder';
import { afterEach, describe, expect, it } from 'vitest';
import { conversationOf } from '../../src/channels/teams/turn';
import { createConversationPorts, createSqliteStore, type Store } from '../../src/store';

const dana = { email: 'dana@contoso.com', name: 'Dana' };
let dir: string;
let store: Store;

afterEach(async () => {
  await store?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The part of a turn conversationOf reads. */
function turnIn(id: string, conversationType: string): TurnContext {
  return { activity: { conversation: { id, conversationType } } } as unknown as TurnContext;
}

describe('Teams conversation ids', () => {
  it('a subscribe typed in a channel thread subscribes the channel itself, and another thread sees it', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'teams-ids-'));
    store = createSqliteStore({ dataDir: dir });
    const ports = createConversationPorts(store);
    const inThread = conversationOf(turnIn('19:abc@thread.tacv2;messageid=1700000000123', 'channel'));
    expect(inThread).toEqual({ platform: 'teams', id: '19:abc@thread.tacv2', kind: 'channel' });
    await ports.subscribe(inThread, { kind: 'high' }, dana);
    expect((await store.allSubscriptions()).map((s) => s.conversation.id)).toEqual(['19:abc@thread.tacv2']);
    const otherThread = conversationOf(turnIn('19:abc@thread.tacv2;messageid=1700000000999', 'channel'));
    expect(await ports.subscriptions(otherThread)).toEqual([{ kind: 'high' }]);
    expect(await ports.unsubscribe(otherThread)).toBe(1);
  });

  it('leaves personal and group chat ids as they are', () => {
    expect(conversationOf(turnIn('a:personal;messageid=1', 'personal')).id).toBe('a:personal;messageid=1');
    expect(conversationOf(turnIn('19:group@thread.v2', 'groupChat'))).toEqual({ platform: 'teams', id: '19:group@thread.v2', kind: 'group' });
  });
});
