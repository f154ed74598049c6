/** The saved-reply form opened again from a form handed back (Slack, past its 3 s) keeps what was typed. */
import { afterAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../src/commands';
import { VERBS } from '../../src/core/verbs';
import { createConversationPorts } from '../../src/store';
import { DANA, context, featureStore, helpdesk } from './context';

const opened = featureStore();
afterAll(async () => (await opened).store.close());

const formValues = (reply: Awaited<ReturnType<typeof dispatch>>) => {
  if (reply.view.type !== 'form') throw new Error(`unexpected view ${reply.view.type}`);
  return reply.view.form.values;
};

describe('saved-reply form opened again with what was typed', () => {
  it('keeps the typed body for a new reply and for one being edited', async () => {
    const { store, commands } = await opened;
    const ctx = context(await helpdesk(), DANA, { notifications: createConversationPorts(store), commands });
    expect(formValues(await dispatch(ctx, { verb: VERBS.repliesForm, values: { name: 'vpn', body: 'Please reconnect, {{requester.firstName}}.' } })))
      .toMatchObject({ name: 'vpn', body: 'Please reconnect, {{requester.firstName}}.' });
    await dispatch(ctx, { verb: VERBS.repliesSave, values: { name: 'vpn', body: 'Old text' } });
    expect(formValues(await dispatch(ctx, { verb: VERBS.repliesForm, values: { original: 'vpn' } }))).toMatchObject({ name: 'vpn', body: 'Old text' });
    expect(formValues(await dispatch(ctx, { verb: VERBS.repliesForm, values: { original: 'vpn', name: 'vpn', body: 'New text typed' } }))).toMatchObject({ body: 'New text typed' });
  });
});
