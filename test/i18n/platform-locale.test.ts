/** The reader's language arrives with the person: Slack users.info include_locale (cached with the identity). */
import { webApi } from '@slack/bolt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandContext, type SlackDeps } from '../../src/channels/slack/command-context';
import { createSlackIdentity } from '../../src/channels/slack/identity';
import { createLogger } from '../../src/log';
import { startFakeSlack, type FakeSlack } from '../support/fake-slack';
import { noHelpdesk } from '../support/no-helpdesk';
import { slackConversationHook } from '../../src/channels/slack/notify-delivery';
import { teamsConversationHook } from '../../src/channels/teams/notify-delivery';
import { createSqliteStore } from '../../src/store';

const quiet = createLogger({ level: 'error', write: () => undefined });

describe('Slack locale', () => {
  let slack: FakeSlack;
  beforeAll(async () => {
    slack = await startFakeSlack({
      users: [
        { id: 'UGERDA', name: 'Gerda Gruber', email: 'gerda@contoso.test', locale: 'de-DE' },
        { id: 'UNOLOC', name: 'No Locale', email: 'nolocale@contoso.test' },
      ],
    });
  });
  afterAll(() => slack.close());

  it('puts the Slack user locale in the command context, from the one cached users.info call', async () => {
    const client = new webApi.WebClient(slack.token, { slackApiUrl: slack.apiUrl });
    const identity = createSlackIdentity({ client, logger: quiet });
    const deps = { client, helpdesk: noHelpdesk(), identity, logger: quiet, hooks: {} } as unknown as SlackDeps;
    const conversation = { platform: 'slack', id: 'D1', kind: 'personal' } as const;
    slack.clear();
    const ctx = await commandContext(deps, 'UGERDA', conversation);
    expect(ctx?.locale).toBe('de-DE');
    expect(slack.callsTo('users.info')).toHaveLength(1);
    expect(slack.callsTo('users.info')[0].body.include_locale).toBeTruthy();
    expect((await commandContext(deps, 'UNOLOC', conversation))?.locale).toBeUndefined();
  });
});

describe('the language a person last wrote in', () => {
  it('is remembered from Slack and Teams as they write, the latest winning', async () => {
    const store = createSqliteStore({ file: ':memory:' });
    try {
      await slackConversationHook(store)({ channelId: 'D1', userId: 'U1', email: 'Gerda@Contoso.test', kind: 'personal', locale: 'de-DE' });
      expect(await store.personLocales(['gerda@contoso.test'])).toEqual(new Map([['gerda@contoso.test', 'de-DE']]));
      const ref = { serviceUrl: 'https://smba.example', channelId: 'msteams', locale: 'en-GB', user: { id: '29:1', name: 'Gerda' }, conversation: { id: 'a:1', conversationType: 'personal' } };
      await teamsConversationHook(store)(ref as never, { email: 'gerda@contoso.test', name: 'Gerda' });
      expect(await store.personLocales(['gerda@contoso.test'])).toEqual(new Map([['gerda@contoso.test', 'en-GB']]));
    } finally {
      await store.close();
    }
  });
});
