/** What every Slack handler shares, and how a Slack user in a conversation becomes a CommandContext. */
import type { webApi } from '@slack/bolt';
import type { CommandRegistry } from '../../commands/registry';
import type { CommandContext, Conversation, ConversationPorts } from '../../commands/types';
import type { Actor, HelpdeskService } from '../../helpdesk/types';
import type { Logger } from '../../log';
import type { FileIntake, FileRef } from '../../core';
import { actorOf, type SlackIdentity } from './identity';
import { readerLocaleOf } from './locale';

/** A Slack Web API client (Bolt's, pointed at `apiUrl` when one is configured). */
export type SlackClient = webApi.WebClient;

/** Told about each conversation a person talks to the bot in, e.g. to store it for notifications. */
export interface ConversationInfo {
  channelId: string;
  userId: string;
  email?: string;
  kind: Conversation['kind'];
  /** The person's Slack language ('de-DE'), when Slack gives it. */
  locale?: string;
  /** The person's time zone (users.info `tz`), when Slack gives it: their quiet hours are read in it. */
  tz?: string;
}

/** A person's reply in a thread of a channel message (e.g. under a ticket card the bot posted). */
export interface ThreadReplyInfo {
  channelId: string;
  /** The thread's parent message ts (the ticket card when the bot posted it). */
  threadTs: string;
  ts: string;
  userId: string;
  email?: string;
  name?: string;
  text: string;
  /** The files the reply carried (they go with the comment it makes). */
  files?: FileRef[];
}

/** Optional callbacks into the rest of the product (notifications, stores). */
export interface SlackHooks {
  onConversation?(info: ConversationInfo): Promise<void>;
  /** Return true when the reply was taken (e.g. added as a ticket comment). */
  onThreadReply?(info: ThreadReplyInfo): Promise<boolean>;
  /** The ticket whose card heads the thread `threadTs` of `channelId`, if one does (📖 saves a thread's message as an answer). */
  ticketOfThread?(channelId: string, threadTs: string): Promise<number | undefined>;
  /**
   * A write succeeded but its answer could not be sent, even on the retry: the "it was saved" text
   * to queue as a DM in the notify outbox (commands/saved-later.ts, as on Teams). Unset: it is logged.
   */
  onUndeliveredReply?(info: { userId: string; email?: string; text: string }): Promise<void>;
}

/** Everything the Slack handlers need; built once by createSlackChannel. */
export interface SlackDeps {
  client: SlackClient;
  helpdesk: HelpdeskService;
  /** The commands slash commands, buttons and messages reach. */
  commands: CommandRegistry;
  notifications?: ConversationPorts;
  identity: SlackIdentity;
  logger: Logger;
  hooks: SlackHooks;
  /** Where the files a message carries go (the file intake the composition wires). */
  files: FileIntake;
  /** HELPDESK_LOCALE: the language of shared channel messages (see locale.ts channelLocale). */
  locale?: string;
  /** The language an agent chose for a channel (the Store's conversation locale), if any. */
  conversationLocale?: (channelId: string) => Promise<string | undefined>;
}

/** Slack channel type -> our conversation kind (im = personal, mpim = group, others = channel). */
export function conversationOf(channelId: string, channelType?: string, channelName?: string): Conversation {
  let kind: Conversation['kind'] = 'channel';
  if (channelType === 'im' || channelName === 'directmessage' || (!channelType && channelId.startsWith('D'))) kind = 'personal';
  else if (channelType === 'mpim' || channelName?.startsWith('mpdm-')) kind = 'group';
  // A channel is named by its id: the answer's view marks it, and Slack shows `<#C123>` as the channel's name to each reader.
  return { platform: 'slack', id: channelId, kind, ...(kind === 'channel' && channelId ? { title: `#${channelName ?? channelId}` } : {}) };
}

/** The command context for a person Slack identified, in their language: a pure builder, nothing is looked up or recorded. */
export function contextFor(deps: SlackDeps, actor: Actor, conversation: Conversation, locale?: string): CommandContext {
  return {
    actor,
    helpdesk: deps.helpdesk,
    conversation,
    locale,
    channel: { resolveUser: (reference) => deps.identity.resolveUser(reference) },
    notifications: deps.notifications,
    commands: deps.commands,
    logger: deps.logger,
  };
}

/**
 * The command context for a Slack user, or undefined when Slack hides their email (the caller
 * tells them why; nothing is filed anonymously). The person middleware (person.ts) already
 * started this look-up and recorded the conversation; the cached look-up is shared, not repeated.
 */
export async function commandContext(deps: SlackDeps, userId: string, conversation: Conversation): Promise<CommandContext | undefined> {
  // One look-up gives the actor, their Slack language and their chosen one. A failed look-up is thrown: the listener's guard reports it.
  const person = await deps.identity.lookup(userId);
  const actor = actorOf(person);
  if (!actor) return undefined;
  return { ...contextFor(deps, actor, conversation, await readerLocaleOf(deps, person)), clientLocale: person?.locale };
}

/** Slack API error code (e.g. "not_in_channel") from a Web API failure, if it is one. */
export function slackErrorCode(err: unknown): string | undefined {
  const data = (err as { data?: { error?: unknown } })?.data;
  return typeof data?.error === 'string' ? data.error : undefined;
}
