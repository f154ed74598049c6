/** Channel-neutral command contract: chat event -> (who, command, arguments) -> handler -> view. */
import type { WriteSink } from '../helpdesk/changes';
import type { Actor, Comment, HelpdeskService, Ticket } from '../helpdesk/types';
import type { Logger } from '../log';
import type { View } from '../views/types';
import type { CommandDeclaration } from './declaration';
import type { CommandRegistry } from './command-registry';
import type { Conversation, ConversationPorts, Outcome, Verb } from '../core';

// Re-exported so the channels and tests that name them through the command contract keep working.
export type { Conversation, ConversationPorts, SubscriptionFilter } from '../core';

/**
 * Channel-supplied look-ups a handler may need. `resolveUser` turns a mention token the
 * channel recognised (Teams <at> mention id, Slack <@U123>) or an address into an email.
 */
export interface ChannelPorts {
  resolveUser?(reference: string): Promise<{ email: string; name: string } | undefined>;
}

export interface CommandContext {
  actor: Actor;
  helpdesk: HelpdeskService;
  conversation: Conversation;
  channel: ChannelPorts;
  /**
   * The language of the person acting: the one they chose (`language de` in a personal chat), else
   * as their platform gave it ('de-DE'; Teams activity.locale, Slack users.info locale). Replies
   * use `translator(locale)`; absent or unknown means English.
   */
  locale?: string;
  /** What the person's Teams or Slack client sent, when `locale` is their own choice instead (`language default` answers in it). */
  clientLocale?: string;
  /** `wrote`, when present, hands what a command wrote to notifications at once (the fast lane). */
  notifications?: ConversationPorts & Partial<WriteSink>;
  /** The ticket whose notification DM this message replies to (a thread or quoted reply), when the channel knows. */
  replyTo?: number;
  /**
   * The commands this app runs: the composition's registry (the app's registryOf; tests may build
   * their own). Absent, the entry points (src/commands/index.ts) run the product's (REGISTRY).
   */
  commands?: CommandRegistry;
  /** Where a failed command is logged: the channel's logger (built by the app); absent, the process-wide one. */
  logger?: Logger;
}

/** A typed command after parsing, or a card/button action: both reach the same handlers. */
export interface CommandInput {
  verb: Verb | string;
  ticketId?: number;
  /** Etag the person saw (card actions); typed commands leave it undefined. */
  etag?: string;
  /** Positional words after the id, e.g. `status 12 In Progress` -> text "In Progress". */
  text?: string;
  /** Form inputs from a card or modal submit. */
  values?: Record<string, string>;
}

/** private: only the person who asked (Slack ephemeral, Teams personal reply); public: the conversation. */
export interface Reply {
  view: View;
  visibility: 'private' | 'public';
  /** The ticket this reply is about, so channels can track the posted message for updates. */
  ticketId?: number;
  /** What became of the change asked for; channels act on this (e.g. offer a retry), never on wording. */
  outcome?: Outcome;
  /**
   * The ticket and its public comments a ticket reply was built from (after a write, what the write
   * returned), so a channel that shows the same ticket to a shared conversation builds that view
   * without reading the ticket again. Internal notes are never carried here.
   */
  about?: { ticket: Ticket; comments: Comment[] };
}

/** A verb's handler; `commands` is the registry's list, for the few handlers that describe commands (help). */
export type Handler = (ctx: CommandContext, input: CommandInput, commands: readonly CommandDeclaration[]) => Promise<Reply>;
