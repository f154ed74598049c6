/**
 * Notifications into Slack: ticket cards posted with chat.postMessage and updated with
 * chat.update, change lines in the card's thread, DMs through conversations.open. Every post
 * carries its delivery key in message metadata; after an attempt with an unknown outcome the
 * earlier message is looked up (conversations.history / replies with include_all_metadata, which
 * need channels:history, groups:history and im:history) instead of posting a second one.
 */
import { webApi } from '@slack/bolt';
import type { Logger } from '../../log';
import type { ThreadReplyHandler } from '../../notify/thread-replies';
import { DeliveryError, type Delivery, type SendOptions } from '../../notify/types';
import type { Store } from '../../store/types';
import { NO_FILE_INTAKE, slackTexts } from '../../views/channel-texts';
import type { TicketView } from '../../views/types';
import { renderMessage } from './blocks/message';
import { screenMessage } from './blocks/screen';
import { escapeMrkdwn } from './blocks/limits';
import { slackErrorCode, type ConversationInfo, type SlackClient, type SlackDeps, type ThreadReplyInfo } from './command-context';
import { createSlackEmailLookup } from './email-lookup';

/** Options for createSlackDelivery. */
export interface SlackDeliveryConfig {
  client: SlackClient;
  store: Store;
  logger: Logger;
  /** Tests and benches: one send per this many ms per channel instead of Slack's limit (0 = unpaced). */
  minIntervalMs?: number;
}

/** Web API errors that mean the bot can no longer post in that channel. */
const GONE = new Set(['channel_not_found', 'not_in_channel', 'is_archived', 'account_inactive', 'team_access_not_granted']);

/** Maps a Web API failure to the notifier's terms: gone, throttled or failed. */
export function slackFailure(err: unknown, what: string): DeliveryError {
  const code = slackErrorCode(err);
  const e = err as { code?: string; retryAfter?: number; message?: string };
  if (e?.code === 'slack_webapi_rate_limited_error' || code === 'ratelimited') {
    return new DeliveryError('throttled', `${what}: rate limited`, (e.retryAfter ?? 1) * 1000, { cause: err });
  }
  if (code && GONE.has(code)) return new DeliveryError('gone', `${what}: ${code}`, undefined, { cause: err });
  if (code === 'message_not_found' || code === 'cant_update_message') return new DeliveryError('missing', `${what}: ${code}`, undefined, { cause: err });
  return new DeliveryError('failed', `${what}: ${code ?? e?.message ?? String(err)}`, undefined, { cause: err });
}

const card = (view: TicketView) => renderMessage({ type: 'ticket', ticket: view });

/** Message metadata event type that carries a notification's delivery key, so a re-send can find the first one. */
export const DELIVERY_EVENT = 'helpdesk_delivery';
const tagged = (send?: SendOptions) => (send ? { metadata: { event_type: DELIVERY_EVENT, event_payload: { key: send.key } } } : {});
type Listed = { ts?: string; metadata?: { event_type?: string; event_payload?: Record<string, unknown> } };

/**
 * The same workspace connection without the SDK's own retries or rate-limit waits: a retried post
 * whose first attempt took effect would repeat the message, so the outbox retries instead (after
 * looking for the first one) and a throttled conversation never holds up the others.
 */
function withoutRetries(client: SlackClient): SlackClient {
  return new webApi.WebClient(client.token, {
    slackApiUrl: client.slackApiUrl,
    retryConfig: { retries: 0 },
    rejectRateLimitedCalls: true,
    timeout: 30_000,
    logLevel: webApi.LogLevel.ERROR,
  });
}

/** The Delivery port for Slack. */
export function createSlackDelivery(config: SlackDeliveryConfig): Delivery {
  const { store, logger } = config;
  const client = withoutRetries(config.client);
  const lookup = createSlackEmailLookup(client, store, logger);
  const call = async <T>(what: string, fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (err) {
      throw slackFailure(err, what);
    }
  };

  /**
   * After an attempt whose outcome is unknown: the message this key already posted, if any.
   * Thread lines are looked up among the thread's replies, cards and DMs in the channel's history.
   */
  async function earlier(channel: string, send: SendOptions | undefined, threadTs?: string): Promise<string | undefined> {
    if (!send?.mayHaveSent) return undefined;
    let res;
    try {
      res = threadTs
        ? await client.conversations.replies({ channel, ts: threadTs, include_all_metadata: true, limit: 200 })
        : await client.conversations.history({ channel, include_all_metadata: true, limit: 200 });
    } catch (err) {
      // Without the history scopes the app cannot look: post anyway (at most one repeat) rather than never.
      if (slackErrorCode(err) !== 'missing_scope') throw slackFailure(err, 'look for an earlier send');
      logger.warn('cannot look for an earlier send (add channels:history, groups:history, im:history); posting again', { channel });
      return undefined;
    }
    const found = ((res.messages ?? []) as Listed[]).find((m) => m.metadata?.event_type === DELIVERY_EVENT && m.metadata.event_payload?.key === send.key);
    if (found?.ts) logger.info('notification was already posted before a restart or timeout; not posting it again', { channel, key: send.key });
    return found?.ts;
  }

  return {
    platform: 'slack',
    minIntervalMs: config.minIntervalMs,
    async postCard(channel, view, send) {
      const before = await earlier(channel, send);
      if (before) return before;
      const res = await call('chat.postMessage', () => client.chat.postMessage({ channel, ...card(view), ...tagged(send) }));
      if (!res.ts) throw new DeliveryError('failed', 'chat.postMessage returned no ts');
      return res.ts;
    },
    async postScreen(channel, view, send) {
      const before = await earlier(channel, send);
      if (before) return before;
      const message = screenMessage(view);
      const post = (m: typeof message) => client.chat.postMessage({ channel, ...m, ...tagged(send) });
      const res = await call('chat.postMessage (screen)', async () => {
        try {
          return await post(message);
        } catch (err) {
          // A workspace that refuses the chart block (invalid_blocks) gets the same numbers as tables and facts: the screen is never dropped.
          if (slackErrorCode(err) !== 'invalid_blocks' || !message.blocks.some((b) => (b.type as string) === 'data_visualization')) throw err;
          logger.warn('Slack refused a screen with charts (invalid_blocks); posting its numbers instead', { channel });
          return post(screenMessage(view, { charts: false }));
        }
      });
      if (!res.ts) throw new DeliveryError('failed', 'chat.postMessage returned no ts');
      return res.ts;
    },
    async updateCard(channel, ts, view) {
      await call('chat.update', () => client.chat.update({ channel, ts, ...card(view) }));
    },
    async postMessage(channel, text, send, mention, view) {
      if (await earlier(channel, send)) return;
      const user = mention ? (await store.personAddresses(mention)).find((a) => a.platform === 'slack' && a.userId)?.userId : undefined;
      const body = `${escapeMrkdwn(text)}${user ? ` <@${user}>` : ''}`;
      const blocks = view ? renderMessage({ type: 'confirmation', confirmation: view }).blocks : undefined;
      await call('chat.postMessage', () => client.chat.postMessage({ channel, text: body, ...(blocks ? { blocks } : {}), ...tagged(send) }));
    },
    async postThreadLine(channel, ts, text, send) {
      if (await earlier(channel, send, ts)) return;
      await call('chat.postMessage (thread)', () => client.chat.postMessage({ channel, thread_ts: ts, text: escapeMrkdwn(text), ...tagged(send) }));
    },
    async sendDirect(email, text, send, notice) {
      const address = (await store.personAddresses(email)).find((a) => a.platform === 'slack' && (a.userId || a.conversationId));
      // Someone who never wrote to the bot in Slack may still have an account there under the same address.
      const userId = address?.userId ?? (address ? undefined : await call('users.lookupByEmail', () => lookup(email)));
      if (!address && !userId) {
        logger.debug('no Slack user for person; DM skipped', { email });
        return false;
      }
      let channel = address?.conversationId;
      if (!channel) {
        const opened = await call('conversations.open', () => client.conversations.open({ users: userId! }));
        channel = opened.channel?.id;
        if (!channel) throw new DeliveryError('failed', 'conversations.open returned no channel');
        await store.savePersonAddress({ platform: 'slack', email, conversationId: channel });
      }
      const before = await earlier(channel, send);
      if (before) return { conversationId: channel, messageId: before };
      // The plain text is the notification and fallback; the blocks carry the reader's buttons.
      const blocks = notice ? renderMessage({ type: 'notice', notice }).blocks : undefined;
      const res = await call('chat.postMessage (DM)', () => client.chat.postMessage({ channel: channel!, text: escapeMrkdwn(text), ...(blocks ? { blocks } : {}), ...tagged(send) }));
      return res.ts ? { conversationId: channel, messageId: res.ts } : true;
    },
  };
}

/** SlackHooks.onConversation: remembers channels and how to reach each person privately. */
export function slackConversationHook(store: Store) {
  return async (info: ConversationInfo): Promise<void> => {
    await store.saveConversation({ platform: 'slack', id: info.channelId, kind: info.kind });
    if (!info.email) return;
    // The language this person's Slack uses now: their DMs follow it.
    if (info.locale) await store.savePersonLocale(info.email, info.locale);
    if (info.tz) await store.savePersonZone(info.email, info.tz);
    await store.savePersonAddress({
      platform: 'slack',
      email: info.email,
      userId: info.userId,
      conversationId: info.kind === 'personal' ? info.channelId : undefined,
    });
  };
}

/**
 * SlackHooks.onThreadReply: a reply under one of our ticket cards becomes a comment; the person
 * gets the acknowledgement (or the reason it was not added) privately in the thread.
 */
export function slackThreadReplyHook(config: { client: SlackClient; store: Store; handle: ThreadReplyHandler; logger: Logger; files?: SlackDeps['files'] }) {
  const { client, logger } = config;
  const tell = async (info: ThreadReplyInfo, text: string) => {
    try {
      await client.chat.postEphemeral({ channel: info.channelId, user: info.userId, thread_ts: info.threadTs, text });
    } catch (err) {
      logger.warn('could not acknowledge a thread reply', { channelId: info.channelId, error: err });
    }
  };
  return async (info: ThreadReplyInfo): Promise<boolean> => {
    if (!info.email) {
      // Without an address the service cannot authorise the comment; say so rather than drop it silently.
      if (!(await config.store.findPostedMessage('slack', info.channelId, info.threadTs))) return false;
      // The thread is the channel's: its language, set with `language`, else English.
      const locales = await config.store.conversationLocales().catch((error: unknown) => {
        // The warning still goes out, in English.
        config.logger.warn('conversation languages unreadable; the thread is told in English', { channelId: info.channelId, error });
        return undefined;
      });
      const locale = locales?.get(`slack:${info.channelId}`);
      await tell(info, `:warning: ${escapeMrkdwn(slackTexts(locale).threadNoEmail())}`);
      return true;
    }
    const result = await config.handle('slack', info.channelId, info.threadTs, { email: info.email, name: info.name ?? info.email }, info.text);
    if (!result) return false;
    await tell(info, `${result.ok ? ':white_check_mark:' : ':warning:'} ${escapeMrkdwn(result.text)}`);
    if (info.files?.length) {
      // The reply's files go with the ticket of the card it answered, as its author's comment.
      const card = await config.store.findPostedMessage('slack', info.channelId, info.threadTs);
      const locales = await config.store.conversationLocales().catch((err: unknown) => {
        logger.warn('channel language unreadable; file lines in English', { channelId: info.channelId, error: err });
        return undefined;
      });
      const locale = locales?.get(`slack:${info.channelId}`);
      const lines = await (config.files ?? NO_FILE_INTAKE).afterReply(
        { ticketId: card?.ticketId, outcome: result.ok ? 'saved' : 'failed' },
        { actor: { email: info.email, name: info.name ?? info.email }, locale, messageKey: `slack:${info.channelId}:${info.ts}`, files: info.files, holder: `slack:${info.userId}` },
      );
      for (const line of lines) await tell(info, `:paperclip: ${escapeMrkdwn(line)}`);
    }
    return true;
  };
}
