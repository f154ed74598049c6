/**
 * A Slack user found by email for someone who never wrote to the bot (a requester who filed in
 * the portal): `users.lookupByEmail`, scope `users:read.email`. A user found is kept as the
 * person's Slack address, as if they had written; an address with no Slack account is remembered
 * in the store for a day (every replica reads it), so Slack is not asked again at every DM.
 */
import { addressKey } from '../../core';
import type { Logger } from '../../log';
import type { Store } from '../../store/types';
import { slackErrorCode, type SlackClient } from './command-context';

/** How long "no Slack account for this address" is believed before Slack is asked again. */
export const NO_SLACK_ACCOUNT_MS = 24 * 3600_000;

const noAccountKey = (email: string) => `slack:no-account:${addressKey(email)}`;

/**
 * The Slack user id for an address, or undefined when Slack has no (active, human) account for it
 * or the app may not look. Any other failure is thrown as Slack gave it (the caller maps it).
 */
export type SlackUserLookup = (email: string) => Promise<string | undefined>;

/** Creates the look-up over a Web API client and the store that remembers its answers. */
export function createSlackEmailLookup(client: SlackClient, store: Store, logger: Logger): SlackUserLookup {
  let scopeTold = false;
  return async (email) => {
    if (await store.getMemo<boolean>(noAccountKey(email))) return undefined;
    let user: { id?: string; is_bot?: boolean; deleted?: boolean } | undefined;
    try {
      user = (await client.users.lookupByEmail({ email })).user;
    } catch (err) {
      const code = slackErrorCode(err);
      if (code === 'missing_scope' || code === 'not_allowed_token_type') {
        if (!scopeTold) logger.warn('cannot find people by email in Slack (add the users:read.email scope); only people who wrote to the bot get DMs there', { code });
        scopeTold = true;
        return undefined;
      }
      // Any other code (users_not_found falls through to the memo below; ratelimited, internal_error) is Slack's to retry.
      if (code !== 'users_not_found') throw err;
    }
    if (!user?.id || user.is_bot || user.deleted) {
      await store.putMemo(noAccountKey(email), true, NO_SLACK_ACCOUNT_MS);
      return undefined;
    }
    await store.savePersonAddress({ platform: 'slack', email, userId: user.id });
    logger.info('found a Slack account by email for a person who never wrote to the bot', { userId: user.id });
    return user.id;
  };
}
