/** Turning one Teams turn into the channel-neutral command context. */
import type { ConversationAccount, TurnContext } from 'botbuilder';
import type { CommandRegistry } from '../../commands/registry';
import type { CommandContext, Conversation, ConversationPorts } from '../../commands/types';
import { conversationLanguage, isPrivate, personLanguage, type FileIntake } from '../../core';
import type { Actor, HelpdeskService } from '../../helpdesk/types';
import type { Logger } from '../../log';
import { teamsChannelId } from './conversation-ids';
import type { IdentityResolver } from './identity';
import { titleOf, type ConversationTitles } from './conversation-title';
import type { PrivateChat } from './answer';
import type { CardAudience } from './activities';

/** What every Teams handler needs. */
export interface TeamsDeps {
  helpdesk: HelpdeskService;
  /** The commands cards and typed messages reach. */
  commands: CommandRegistry;
  notifications?: ConversationPorts;
  identity: IdentityResolver;
  /** The names of the channels turns happen in (absent: answers say "this conversation"). */
  titles?: ConversationTitles;
  logger: Logger;
  /** Opens the person's 1:1 chat for answers meant only for them (absent: such answers are refused in shared chats). */
  privateChat?: PrivateChat;
  /** Store.claimInbound: 'duplicate' for a Teams redelivery of an activity already handled (any replica). */
  claimInbound?: (key: string, ttlMs: number) => Promise<'first' | 'duplicate'>;
  /** Tells a person later (through the notify outbox) what could not be said in the turn, e.g. that a change was saved. */
  tellLater?: (email: string, text: string) => Promise<void>;
  /** Where the files a personal-chat message carries go (the file intake the composition wires). */
  files: FileIntake;
}

/** personal / group / channel from what Teams says about a conversation (the one place Teams decides it). */
export function kindOf(c: Pick<ConversationAccount, 'conversationType' | 'isGroup'> | undefined): Conversation['kind'] {
  return c?.conversationType === 'channel' ? 'channel' : c?.conversationType === 'groupChat' || c?.isGroup ? 'group' : 'personal';
}

/**
 * personal / groupChat / channel as the command layer names them. A message in a channel thread
 * names the channel itself: subscriptions and everything else are per channel, not per thread.
 */
export function conversationOf(context: TurnContext): Conversation {
  const c = context.activity.conversation;
  const kind = kindOf(c);
  const id = c?.id ?? '';
  return { platform: 'teams', id: kind === 'channel' ? teamsChannelId(id) : id, kind };
}

/** The language of what a whole channel or group chat reads (core's conversationLanguage over the conversation ports). */
export async function sharedLocale(deps: TeamsDeps, context: TurnContext): Promise<string | undefined> {
  return conversationLanguage(deps.notifications, conversationOf(context));
}

const READER_LOCALE = Symbol('helpdesk.readerLocale');

/**
 * Decides once per turn the language of what this person reads: the one they chose (`language de`
 * in their personal chat), else what their Teams client sends (core's personLanguage over the conversation ports).
 */
export async function resolveReaderLocale(deps: TeamsDeps, context: TurnContext, actor: Actor | undefined): Promise<void> {
  context.turnState.set(READER_LOCALE, await personLanguage(deps.notifications, actor?.email, context.activity.locale));
}

/** The language of what the person of this turn reads (see resolveReaderLocale). */
export function localeOf(context: TurnContext): string | undefined {
  return context.turnState.has(READER_LOCALE) ? (context.turnState.get(READER_LOCALE) as string | undefined) : context.activity.locale;
}

/** Shared chats get the shareable card; the person acting is the one whose client refreshes it. */
export function audienceOf(context: TurnContext): CardAudience {
  const from = context.activity.from?.id;
  return { shared: !isPrivate(conversationOf(context)), userIds: from ? [from] : [], locale: localeOf(context) };
}

/** The conversation with the name bot.run found for it, when one was found. */
function withTitle(conversation: Conversation, title: string | undefined): Conversation {
  return title ? { ...conversation, title } : conversation;
}

/** The command context for this turn, with mention look-ups answered from this activity. */
export function commandContext(deps: TeamsDeps, context: TurnContext, actor: Actor): CommandContext {
  return {
    actor,
    helpdesk: deps.helpdesk,
    conversation: withTitle(conversationOf(context), titleOf(context)),
    locale: localeOf(context),
    clientLocale: context.activity.locale,
    notifications: deps.notifications,
    commands: deps.commands,
    channel: { resolveUser: (reference) => deps.identity.mentioned(context, reference) },
    logger: deps.logger,
  };
}
