/**
 * Where a Reply goes in Slack: private replies only to the person (ephemeral, or a DM when an
 * ephemeral cannot be posted), public replies into the conversation.
 */
import { shareableView } from '../../views/ticket-view';
import type { RespondFn } from '@slack/bolt';
import type { Reply } from '../../commands/types';
import { renderMessage, type SlackMessage } from './blocks/message';
import { slackErrorCode, type SlackDeps } from './context';

/** A view as posted where others can read it: internal notes are left out (views' shareableView). */
export const sharedView = shareableView;

/** True for a DM with the bot, where every message is private anyway. */
export function isDirect(channelId: string | undefined): boolean {
  return Boolean(channelId?.startsWith('D'));
}

/** Renders a reply for a channel; shared channels never see internal notes. */
export function messageFor(reply: Reply, channelId: string | undefined): SlackMessage {
  return renderMessage(reply.visibility === 'public' && !isDirect(channelId) ? sharedView(reply.view) : reply.view);
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
  const msg = messageFor(reply, target.channelId);
  if (reply.visibility === 'public') await postPublic(deps, target, msg);
  else await postPrivate(deps, target, msg);
}

/** The short message a person gets when their own turn failed unexpectedly (details go to the log). */
export const FAILURE_MESSAGE = 'Sorry — something went wrong on my side. Please try again in a moment; if it keeps happening, tell the help desk.';
