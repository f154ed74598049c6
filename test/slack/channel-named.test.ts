/**
 * Issue 34.12, Slack side: `subscriptions` and `space` typed in a channel are answered privately,
 * so the answer names the channel with Slack's own mention (`<#C…>`, shown as the channel's name in
 * each reader's client). Only what the answer marks becomes a mention: typed text never does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderMessage } from '../../src/channels/slack/blocks/message';
import { featureCommands } from '../support/feature-commands';
import { createConversationPorts, createSqliteStore, type Store } from '../../src/store';
import { startSeededHelpdesk, type SeededHelpdesk } from '../support/seeded-helpdesk';
import { slashBody } from '../support/slack-request';
import { AGENTS, PEOPLE, slash, startSlackScene, type SlackScene } from './harness';

const CHANNEL = 'C2147483705';
let desk: SeededHelpdesk;
let scene: SlackScene;
let store: Store;

beforeAll(async () => {
  store = createSqliteStore({ file: ':memory:' });
  desk = await startSeededHelpdesk(AGENTS);
  desk.seedTicket({ title: 'VPN drops', submittedByEmail: PEOPLE.sam.email, spaceId: 'it' });
  scene = await startSlackScene(desk, undefined, { notifications: createConversationPorts(store), commands: await featureCommands(store) });
}, 30_000);
afterAll(async () => {
  await scene?.close();
  await desk?.close();
  await store?.close();
});

/** Dana's slash command in the channel; the private answer's body (response_url, ephemeral). */
async function typed(text: string, id: string): Promise<{ text?: string; blocks?: unknown[]; response_type?: string }> {
  scene.fake.clear();
  await scene.post(slashBody(slash(scene.fake, PEOPLE.dana, text, id)));
  const answer = await scene.fake.waitFor('response_url', (c) => c.responseId === id);
  return answer.body as { text?: string; blocks?: unknown[]; response_type?: string };
}

describe('Slack: a private answer about a channel names the channel', () => {
  it('subscriptions and space answer privately with the channel mention, not "this conversation"', async () => {
    for (const [command, id] of [['subscriptions', 'subs'], ['space', 'space']]) {
      const body = await typed(command!, id!);
      expect(body.response_type ?? 'ephemeral').toBe('ephemeral');
      expect(body.text).toContain(`<#${CHANNEL}>`);
      expect(JSON.stringify(body.blocks)).toContain(`<#${CHANNEL}>`);
      expect(JSON.stringify(body)).not.toMatch(/This (conversation|channel)/);
    }
  });

  it('typed text stays text: only the conversation the answer marks becomes a mention', () => {
    const message = renderMessage({
      type: 'confirmation',
      confirmation: { message: '#it-help gets updates about:\n• category <#C0EVIL> <!channel>', actions: [], conversations: [{ text: '#it-help', id: CHANNEL }] },
    });
    expect(message.text).toContain(`<#${CHANNEL}> gets updates`);
    expect(message.text).toContain('&lt;#C0EVIL&gt; &lt;!channel&gt;');
    expect(JSON.stringify(message.blocks)).not.toContain('<#C0EVIL>');
    // A marked id that is no channel id is never turned into markup.
    const forged = renderMessage({ type: 'confirmation', confirmation: { message: '#x gets', actions: [], conversations: [{ text: '#x', id: 'C1>|<!here' }] } });
    expect(forged.text).toBe('#x gets');
  });
});
