import { describe, expect, it } from 'vitest';
import { dispatch, handleText } from '../../src/commands';
import type { Reply } from '../../src/commands/types';
import { VERBS } from '../../src/core/verbs';
import type { View } from '../../src/views/types';
import { DANA, RIA, context, featureStore, helpdesk, notificationStore } from './context';

function message(reply: Reply): string {
  const v: View = reply.view;
  if (v.type === 'confirmation') return v.confirmation.message;
  if (v.type === 'error') return v.error.message;
  throw new Error(`unexpected view ${v.type}`);
}

describe('subscribe', () => {
  it('subscribes a channel to all tickets by default and says so publicly', async () => {
    const store = notificationStore();
    const reply = await handleText(context(await helpdesk(), DANA, { notifications: store.ports }), 'subscribe');
    expect(reply.visibility).toBe('public');
    expect(message(reply)).toContain('all tickets');
    expect(store.subs.get('conv-1')).toEqual([{ kind: 'all' }]);
  });

  it('stores status and category filters with their configured spelling', async () => {
    const store = notificationStore();
    const ctx = context(await helpdesk(), DANA, { notifications: store.ports });
    await handleText(ctx, 'subscribe status in progress');
    await handleText(ctx, 'subscribe category hardware');
    await handleText(ctx, 'subscribe space main');
    expect(store.subs.get('conv-1')).toEqual([
      { kind: 'status', value: 'In Progress' },
      { kind: 'category', value: 'Hardware' },
      { kind: 'space', value: 'main' },
    ]);
  });

  it('rejects an unknown status filter and stores nothing', async () => {
    const store = notificationStore();
    const reply = await handleText(context(await helpdesk(), DANA, { notifications: store.ports }), 'subscribe status sleeping');
    expect(message(reply)).toContain('“sleeping” is not a status');
    expect(store.subs.size).toBe(0);
  });

  it('in a personal chat says to use it in a channel', async () => {
    const store = notificationStore();
    const reply = await handleText(context(await helpdesk(), DANA, { notifications: store.ports, kind: 'personal' }), 'subscribe high');
    expect(message(reply)).toContain('channel or group chat');
    expect(store.subs.size).toBe(0);
  });

  it('is for agents only', async () => {
    const store = notificationStore();
    const reply = await handleText(context(await helpdesk(), RIA, { notifications: store.ports }), 'subscribe');
    expect(message(reply)).toContain('Only help-desk agents');
    expect(store.subs.size).toBe(0);
  });

  it('says notifications are not set up when the deployment has none', async () => {
    const reply = await handleText(context(await helpdesk(), DANA), 'subscribe');
    expect(message(reply)).toContain('not set up here');
  });
});

describe('unsubscribe and subscriptions', () => {
  it('lists, removes one, then removes the rest', async () => {
    const store = notificationStore();
    const ctx = context(await helpdesk(), DANA, { notifications: store.ports });
    await handleText(ctx, 'subscribe high');
    await handleText(ctx, 'subscribe category Network');
    expect(message(await handleText(ctx, 'subscriptions'))).toBe(
      "This conversation gets updates about:\n• high-priority tickets\n• Network tickets\nLanguage of its cards: English (the help desk's default; `language <code>` changes it)",
    );
    expect(message(await handleText(ctx, 'unsubscribe high'))).toBe('This conversation no longer gets updates about high-priority tickets.');
    expect(message(await handleText(ctx, 'unsubscribe high'))).toContain('was not subscribed to high-priority tickets');
    expect(message(await handleText(ctx, 'unsubscribe'))).toBe('This conversation no longer gets all ticket updates (1 subscription).');
    expect(message(await handleText(ctx, 'subscriptions'))).toContain('no subscriptions');
  });
});

describe('notifications off|on', () => {
  it('mutes and unmutes my direct messages, for requesters too', async () => {
    const store = notificationStore();
    const { commands } = await featureStore();
    const ctx = context(await helpdesk(), RIA, { notifications: store.ports, kind: 'personal', commands });
    expect(message(await handleText(ctx, 'notifications off'))).toMatch(/^Muted/);
    expect(store.muted.has(RIA.email)).toBe(true);
    await dispatch(ctx, { verb: VERBS.notifications, values: { state: 'on' } });
    expect(store.muted.has(RIA.email)).toBe(false);
  });

  it('rejects anything but on or off from a card', async () => {
    const store = notificationStore();
    const { commands } = await featureStore();
    const reply = await dispatch(context(await helpdesk(), RIA, { notifications: store.ports, commands }), { verb: VERBS.notifications, values: { state: 'sometimes' } });
    expect(message(reply)).toBe('“sometimes” is not on or off.');
  });
});
