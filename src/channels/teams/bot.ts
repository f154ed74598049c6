/**
 * Routing only: which Teams activity goes to which handler. Each handler lives in its own file
 * (messages, invoke-actions, message-extension); identity is resolved once per turn here.
 */
import {
  TeamsActivityHandler,
  TurnContext,
  type AdaptiveCardInvokeResponse,
  type AdaptiveCardInvokeValue,
  type ConversationReference,
  type MessagingExtensionAction,
  type MessagingExtensionActionResponse,
  type AppBasedLinkQuery,
  type MessagingExtensionQuery,
  type MessagingExtensionResponse,
  type SearchInvokeResponse,
  type SearchInvokeValue,
} from 'botbuilder';
import type { ChannelPorts, Reply } from '../../commands/types';
import type { Actor } from '../../helpdesk/types';
import { onCardAction } from './invoke-actions';
import { onFetchTask, onSubmitAction } from './message-extension';
import { onBotAdded, onMessage } from './messages';
import { onQueryLink, onSearchQuery } from './search-extension';
import { onSavedReplySearch } from './saved-reply-search';
import { resolveReaderLocale, type TeamsDeps } from './turn';

/** Called on every inbound activity so conversation references can be stored for proactive sends. */
export interface TeamsHooks {
  /** `zone` is the time zone the client reported (the activity's clientInfo entity), when it did. */
  onConversation?(ref: Partial<ConversationReference>, who?: Actor, zone?: string): Promise<void>;
  /**
   * A message addressed to the bot in a channel thread; return true when it was taken (a comment
   * or a command on the card's ticket). `turn` answers a command's reply by its visibility.
   */
  onThreadReply?(context: TurnContext, actor: Actor, text: string, turn?: ThreadTurn): Promise<boolean>;
}

/** What a thread reply's command needs from the turn: how to answer, and mention look-ups. */
export interface ThreadTurn {
  answer(reply: Reply): Promise<void>;
  channel: ChannelPorts;
}

const ACTOR = Symbol('helpdesk.actor');
/** How long an activity id is remembered: Teams redelivers within minutes; a day is ample. */
const INBOUND_TTL_MS = 24 * 60 * 60 * 1000;

/** The help-desk bot: a TeamsActivityHandler whose handlers only translate. */
export class HelpdeskTeamsBot extends TeamsActivityHandler {
  constructor(private readonly deps: TeamsDeps, private readonly hooks: TeamsHooks = {}) {
    super();
    this.onMessage(async (context, next) => {
      await onMessage(this.deps, context, this.actorOf(context), this.hooks.onThreadReply);
      await next();
    });
    this.onMembersAdded(async (context, next) => {
      await onBotAdded(this.deps, context, this.actorOf(context));
      await next();
    });
  }

  /** Resolves who is acting once per turn, and tells the hook about the conversation. */
  override async run(context: TurnContext): Promise<void> {
    if (await this.isRedelivery(context)) return;
    const actor = await this.deps.identity.actor(context);
    context.turnState.set(ACTOR, actor);
    await resolveReaderLocale(this.deps, context, actor);
    await this.deps.titles?.resolve(context);
    if (this.hooks.onConversation) {
      try {
        const clientInfo = context.activity.entities?.find((e) => e.type === 'clientInfo') as { timezone?: unknown } | undefined;
        const zone = typeof clientInfo?.timezone === 'string' ? clientInfo.timezone : undefined;
        await this.hooks.onConversation(TurnContext.getConversationReference(context.activity), actor, zone);
      } catch (err) {
        // Storing a reference must never cost the person their answer.
        this.deps.logger.warn('onConversation hook failed', { conversationId: context.activity.conversation?.id, error: err });
      }
    }
    await super.run(context);
  }

  /**
   * Teams redelivers an activity it did not see answered in time; the same id must not file a
   * second ticket or comment. Messages and message-extension submits are claimed in the Store
   * before anything runs; a Store failure lets the activity through (a rare repeat beats a loss).
   */
  private async isRedelivery(context: TurnContext): Promise<boolean> {
    const a = context.activity;
    const claims = a.type === 'message' || (a.type === 'invoke' && a.name === 'composeExtension/submitAction');
    if (!claims || !a.id || !this.deps.claimInbound) return false;
    try {
      const seen = await this.deps.claimInbound(`teams:${a.conversation?.id ?? ''}:${a.id}`, INBOUND_TTL_MS);
      if (seen === 'first') return false;
      this.deps.logger.info('Teams redelivery ignored', { activityId: a.id, conversationId: a.conversation?.id });
      if (a.type === 'invoke') await context.sendActivity({ type: 'invokeResponse', value: { status: 200, body: {} } });
      return true;
    } catch (err) {
      this.deps.logger.warn('Could not record an inbound Teams activity; handling it anyway', { activityId: a.id, error: err });
      return false;
    }
  }

  private actorOf(context: TurnContext): Actor | undefined {
    return context.turnState.get(ACTOR) as Actor | undefined;
  }

  protected override onAdaptiveCardInvoke(context: TurnContext, value: AdaptiveCardInvokeValue): Promise<AdaptiveCardInvokeResponse> {
    return onCardAction(this.deps, context, this.actorOf(context), value);
  }

  protected override handleTeamsMessagingExtensionFetchTask(
    context: TurnContext,
    action: MessagingExtensionAction,
  ): Promise<MessagingExtensionActionResponse> {
    return onFetchTask(this.deps, context, this.actorOf(context), action);
  }

  protected override handleTeamsMessagingExtensionSubmitAction(
    context: TurnContext,
    action: MessagingExtensionAction,
  ): Promise<MessagingExtensionActionResponse> {
    return onSubmitAction(this.deps, context, this.actorOf(context), action);
  }

  // Search and link unfurling (src/channels/teams/search-extension.ts).
  protected override handleTeamsMessagingExtensionQuery(context: TurnContext, query: MessagingExtensionQuery): Promise<MessagingExtensionResponse> {
    return onSearchQuery(this.deps, context, this.actorOf(context), query);
  }

  // The saved-reply picker's typeahead (src/channels/teams/saved-reply-search.ts).
  protected override onSearchInvoke(context: TurnContext, value: SearchInvokeValue): Promise<SearchInvokeResponse> {
    return onSavedReplySearch(this.deps, context, this.actorOf(context), value);
  }

  protected override handleTeamsAppBasedLinkQuery(context: TurnContext, query: AppBasedLinkQuery): Promise<MessagingExtensionResponse> {
    return onQueryLink(this.deps, context, this.actorOf(context), query);
  }
}
