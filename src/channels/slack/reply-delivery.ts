/**
 * Where a Reply goes in Slack: private replies only to the person (ephemeral, or a DM when an
 * ephemeral cannot be posted), public replies into the conversation.
 */
import { shareableView } from '../../views/ticket-view';
import type { RespondFn } from '@slack/bolt';
import { sendAnswer } from '../../commands';
import { isPrivate } from '../../core';
import type { Reply } from '../../commands/types';
import { renderMessage, type SlackMessage } from './blocks/message';
import { screenMessage } from './blocks/screen';
import { escapeMrkdwn, mrkdwn, truncate } from './blocks/limits';
import { conversationOf, slackErrorCode, type SlackDeps } from './command-context';
import { slackTexts } from '../../views/channel-texts';
import { readerLocale } from './locale';

/** A view as posted where others can read it: internal notes are left out (views' shareableView). */
export const sharedView = shareableView;

/** True for a DM with the bot, where every message is private anyway (core isPrivate decides). */
export function isDirect(channelId: string | undefined): boolean {
  return channelId !== undefined && isPrivate(conversationOf(channelId));
}

/** Renders a reply for a channel, its own words in `locale` (the view's language); shared channels never see internal notes. */
export function messageFor(reply: Reply, channelId: string | undefined, locale?: string): SlackMessage {
  return renderMessage(reply.visibility === 'public' && !isDirect(channelId) ? sharedView(reply.view) : reply.view, locale);
}

/**
 * A screen's message with every chart as its table or facts, for a workspace that refused the
 * chart block (`invalid_blocks`); undefined when the reply is no screen or drew no chart.
 */
function chartlessMessage(reply: Reply, channelId: string | undefined, msg: SlackMessage): SlackMessage | undefined {
  const view = reply.visibility === 'public' && !isDirect(channelId) ? sharedView(reply.view) : reply.view;
  if (view.type !== 'screen' || !msg.blocks.some((b) => (b.type as string) === 'data_visualization')) return undefined;
  return screenMessage(view.screen, { charts: false });
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
  return slackTexts(locale).failure();
}

/** `msg` with what the person typed quoted under it (escaped: their text cannot become markup). */
export function quoteTyped(msg: SlackMessage, typed: string, locale?: string): SlackMessage {
  if (!typed.trim()) return msg;
  const quoted = escapeMrkdwn(truncate(typed, 2800)).split('\n').map((l) => `>${l}`).join('\n');
  const heading = slackTexts(locale).typedHeading();
  return { text: msg.text, blocks: [...msg.blocks, { type: 'section' as const, text: mrkdwn(`${heading}\n${quoted}`) }].slice(0, 50) };
}

/** The failure message for a turn that could not finish, with the text the person typed. */
export function failureWithTyped(typed?: string, locale?: string): SlackMessage {
  const msg = renderMessage({ type: 'text', text: failureMessage(locale) }, locale);
  return typed ? quoteTyped(msg, typed, locale) : msg;
}

/**
 * Answers a command. A failed or refused reply quotes what was typed. A send that fails follows
 * the one "saved, but the answer failed" policy (commands/saved-later): tried once more, then,
 * when the write happened, an "it was saved" DM is queued in the outbox (the onUndeliveredReply
 * hook) and the person is never told to try again. Throws only when nothing was written, so the
 * caller's failure policy tells them.
 */
export async function answer(deps: SlackDeps, target: ReplyTarget, reply: Reply, typed?: string, send: (msg: SlackMessage) => Promise<void> = (m) => deliverMessage(deps, target, reply, m)): Promise<void> {
  // The reply's view is in the language of the person it answers; the message's own words follow it.
  const locale = await readerLocale(deps, target.userId);
  let msg = messageFor(reply, target.channelId, locale);
  if (typed && (reply.view.type === 'error' || reply.outcome === 'failed' || reply.outcome === 'invalid')) msg = quoteTyped(msg, typed, locale);
  const hook = deps.hooks.onUndeliveredReply;
  const tellLater = hook && (async (text: string) => {
    // A failed users.info is logged by the look-up; the hook is still told, without an address.
    const email = (await deps.identity.lookup(target.userId).catch(() => undefined))?.email;
    await hook({ userId: target.userId, email, text });
  });
  const chartless = chartlessMessage(reply, target.channelId, msg);
  const sendOnce = async () => {
    try {
      await send(msg);
    } catch (err) {
      // Slack refused the message for its charts: the same numbers go as tables, never dropped.
      if (!chartless || slackErrorCode(err) !== 'invalid_blocks') throw err;
      deps.logger.warn('Slack refused a screen with charts (invalid_blocks); sending its tables instead');
      await send(chartless);
    }
  };
  await sendAnswer(reply, locale, { send: sendOnce, tellLater }, deps.logger, { userId: target.userId, channelId: target.channelId });
}

async function deliverMessage(deps: SlackDeps, target: ReplyTarget, reply: Reply, msg: SlackMessage): Promise<void> {
  if (reply.visibility === 'public') await postPublic(deps, target, msg);
  else await postPrivate(deps, target, msg);
}
