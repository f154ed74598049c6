/** Turning one Teams turn into the channel-neutral command context. */
import type { TurnContext } from 'botbuilder';
import type { CommandRegistry } from '../../commands/registry';
import type { CommandContext, Conversation, NotificationPorts } from '../../commands/types';
import type { Actor, HelpdeskService } from '../../helpdesk/types';
import type { Logger } from '../../log';
import { teamsChannelId } from './conversation-ids';
import type { IdentityResolver } from './identity';
import type { PrivateChat } from './answer';
import type { CardAudience } from './replies';

/** What every Teams handler needs. */
export interface TeamsDeps {
  helpdesk: HelpdeskService;
  /** The commands cards and typed messages reach. */
  commands: CommandRegistry;
  notifications?: NotificationPorts;
  identity: IdentityResolver;
  logger: Logger;
  /** Opens the person's 1:1 chat for answers meant only for them (absent: such answers are refused in shared chats). */
  privateChat?: PrivateChat;
  /** Store.claimInbound: 'duplicate' for a Teams redelivery of an activity already handled (any replica). */
  claimInbound?: (key: string, ttlMs: number) => Promise<'first' | 'duplicate'>;
  /** Tells a person later (through the notify outbox) what could not be said in the turn, e.g. that a change was saved. */
  tellLater?: (email: string, text: string) => Promise<void>;
}

/**
 * personal / groupChat / channel as the command layer names them. A message in a channel thread
 * names the channel itself: subscriptions and everything else are per channel, not per thread.
 */
export function conversationOf(context: TurnContext): Conversation {
  const c = context.activity.conversation;
  const kind = c?.conversationType === 'channel' ? 'channel' : c?.conversationType === 'groupChat' || c?.isGroup ? 'group' : 'personal';
  const id = c?.id ?? '';
  return { platform: 'teams', id: kind === 'channel' ? teamsChannelId(id) : id, kind };
}

/**
 * The language of what a whole channel or group chat reads: the one an agent set there
 * (`language de`), else HELPDESK_LOCALE. A failed look-up falls back to the default rather than
 * costing the person their answer.
 */
export async function sharedLocale(deps: TeamsDeps, context: TurnContext): Promise<string | undefined> {
  const own = await deps.notifications?.language?.(conversationOf(context)).catch(() => undefined);
  return own ?? deps.notifications?.defaultLanguage;
}

/** Shared chats get the shareable card; the person acting is the one whose client refreshes it. */
export function audienceOf(context: TurnContext): CardAudience {
  const from = context.activity.from?.id;
  return { shared: conversationOf(context).kind !== 'personal', userIds: from ? [from] : [], locale: context.activity.locale };
}

/** The command context for this turn, with mention look-ups answered from this activity. */
export function commandContext(deps: TeamsDeps, context: TurnContext, actor: Actor): CommandContext {
  return {
    actor,
    helpdesk: deps.helpdesk,
    conversation: conversationOf(context),
    locale: context.activity.locale,
    notifications: deps.notifications,
    commands: deps.commands,
    channel: { resolveUser: (reference) => deps.identity.mentioned(context, reference) },
    logger: deps.logger,
  };
}
