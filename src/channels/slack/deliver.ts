/**
 * Where a Reply goes in Slack: private replies only to the person (ephemeral, or a DM when an
 * ephemeral cannot be posted), public replies into the conversation.
 */
import { shareableView } from '../../views/ticket-view';
import type { RespondFn } from '@slack/bolt';
import { savedLaterText } from '../../commands';
import type { Reply } from '../../commands/types';
import { renderMessage, type SlackMessage } from './blocks/message';
import { escapeMrkdwn, mrkdwn, truncate } from './blocks/limits';
import { slackErrorCode, type SlackDeps } from './context';
import { pause } from './failure';
import { translator } from '../../i18n';
import { readerLocale } from './locale';

/** A view as posted where others can read it: internal notes are left out (views' shareableView). */
export const sharedView = shareableView;

/** True for a DM with the bot, where every message is private anyway. */
export function isDirect(channelId: string | undefined): boolean {
  return Boolean(channelId?.startsWith('D'));
}

/** Renders a reply for a channel, its own words in `locale` (the view's language); shared channels never see internal notes. */
export function messageFor(reply: Reply, channelId: string | undefined, locale?: string): SlackMessage {
  return renderMessage(reply.visibility === 'public' && !isDirect(channelId) ? sharedView(reply.view) : reply.view, locale);
}

const CANNOT_POST = new Set(['not_in_channel', 'channel_not_found', 'is_archived', 'restricted_action']);

/** Opens (or finds) the DM with a user and posts there. */
export async function sendDirect(deps: SlackDeps, userId: string, msg: SlackMessage): Promise<void> {
  const opened = await deps.client.conversations.open({ users: userId });
  const channel = opened.channel?.id;
  if (!channel) throw new Error('conversations.open returned no channel');
  await deps.client.chat.postMessage({ channel, ...msg });
}

/** Where and how a reply can reach the person who asked. */
export interface ReplyTarget {
  channelId?: string;
  userId: string;
  threadTs?: string;
  /** Slash commands and message buttons carry a response_url; it works even where the bot is not a member. */
  respond?: RespondFn;
}

/** Only the person sees it. */
export async function postPrivate(deps: SlackDeps, target: ReplyTarget, msg: SlackMessage): Promise<void> {
  if (target.respond) {
    await target.respond({ response_type: 'ephemeral', replace_original: false, ...msg });
    return;
  }
  if (target.channelId && isDirect(target.channelId)) {
    await deps.client.chat.postMessage({ channel: target.channelId, thread_ts: target.threadTs, ...msg });
    return;
  }
  if (target.channelId) {
    try {
      await deps.client.chat.postEphemeral({ channel: target.channelId, user: target.userId, thread_ts: target.threadTs, ...msg });
      return;
    } catch (err) {
      if (!CANNOT_POST.has(slackErrorCode(err) ?? '')) throw err;
    }
  }
  await sendDirect(deps, target.userId, msg);
}

/** Everyone in the conversation sees it; falls back to the response_url when the bot is not a member. */
export async function postPublic(deps: SlackDeps, target: ReplyTarget, msg: SlackMessage): Promise<void> {
  if (!target.channelId) return postPrivate(deps, target, msg);
  try {
    await deps.client.chat.postMessage({ channel: target.channelId, thread_ts: target.threadTs, ...msg });
  } catch (err) {
    if (!target.respond || !CANNOT_POST.has(slackErrorCode(err) ?? '')) throw err;
    await target.respond({ response_type: 'in_channel', replace_original: false, ...msg });
  }
}

/** Sends a reply according to its visibility. */
export async function deliver(deps: SlackDeps, target: ReplyTarget, reply: Reply): Promise<void> {
  const msg = messageFor(reply, target.channelId, await readerLocale(deps, target.userId));
  if (reply.visibility === 'public') await postPublic(deps, target, msg);
  else await postPrivate(deps, target, msg);
}

/** The short message a person gets (in their language) when their own turn failed unexpectedly (details go to the log). */
export function failureMessage(locale?: string): string {
  return translator(locale)('slack:error.failure');
}

/** `msg` with what the person typed quoted under it (escaped: their text cannot become markup). */
export function quoteTyped(msg: SlackMessage, typed: string, locale?: string): SlackMessage {
  if (!typed.trim()) return msg;
  const quoted = escapeMrkdwn(truncate(typed, 2800)).split('\n').map((l) => `>${l}`).join('\n');
  const heading = translator(locale)('slack:error.typedHeading');
  return { text: msg.text, blocks: [...msg.blocks, { type: 'section' as const, text: mrkdwn(`${heading}\n${quoted}`) }].slice(0, 50) };
}

/** The failure message for a turn that could not finish, with the text the person typed. */
export function failureWithTyped(typed?: string, locale?: string): SlackMessage {
  const msg = renderMessage({ type: 'text', text: failureMessage(locale) }, locale);
  return typed ? quoteTyped(msg, typed, locale) : msg;
}

/** How long to wait before the last try of a reply whose write already happened. */
export const REPLY_RETRY_MS = 1000;

/**
 * Answers a command. A failed or refused reply quotes what was typed. When the write happened
 * (outcome 'saved') and the answer cannot be shown, it is tried again, then a short "it was
 * saved" note goes by another route (their DM), and only then is it handed to the
 * onUndeliveredReply hook (or logged): the person is never told to try again.
 * Throws only when nothing was written, so the caller's failure policy tells them.
 */
export async function answer(deps: SlackDeps, target: ReplyTarget, reply: Reply, typed?: string, send: (msg: SlackMessage) => Promise<void> = (m) => deliverMessage(deps, target, reply, m)): Promise<void> {
  // The reply's view is in the language of the person it answers; the message's own words follow it.
  const locale = await readerLocale(deps, target.userId);
  let msg = messageFor(reply, target.channelId, locale);
  if (typed && (reply.view.type === 'error' || reply.outcome === 'failed' || reply.outcome === 'invalid')) msg = quoteTyped(msg, typed, locale);
  if (reply.outcome !== 'saved') return send(msg);
  try {
    return await send(msg);
  } catch (first) {
    deps.logger.warn('slack reply after a saved write failed; retrying', { userId: target.userId, channelId: target.channelId, error: first });
  }
  await pause(REPLY_RETRY_MS);
  try {
    return await send(msg);
  } catch (second) {
    deps.logger.warn('slack reply after a saved write failed again; sending a saved note', { userId: target.userId, error: second });
  }
  // Said instead when the write happened and only showing the result failed: never "try again".
  const note = savedLaterText(reply, locale);
  try {
    await sendDirect(deps, target.userId, renderMessage({ type: 'text', text: note }, locale));
    return;
  } catch (third) {
    deps.logger.error('slack saved note could not be sent', { userId: target.userId, error: third });
  }
  if (!deps.hooks.onUndeliveredReply) return;
  const email = (await deps.identity.lookup(target.userId).catch(() => undefined))?.email;
  await deps.hooks.onUndeliveredReply({ userId: target.userId, email, text: note }).catch((error) => deps.logger.error('slack onUndeliveredReply hook failed', { userId: target.userId, error }));
}

async function deliverMessage(deps: SlackDeps, target: ReplyTarget, reply: Reply, msg: SlackMessage): Promise<void> {
  if (reply.visibility === 'public') await postPublic(deps, target, msg);
  else await postPrivate(deps, target, msg);
}
