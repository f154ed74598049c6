/**
 * Routing only: which Teams activity goes to which translator. Each handler lives in its own file
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
} from 'botbuilder';
import type { ChannelPorts, Reply } from '../../commands/types';
import type { Actor } from '../../helpdesk/types';
import { onCardAction } from './invoke-actions';
import { onFetchTask, onSubmitAction } from './message-extension';
import { onBotAdded, onMessage } from './messages';
import type { TeamsDeps } from './turn';

/** Called on every inbound activity so conversation references can be stored for proactive sends. */
export interface TeamsHooks {
  onConversation?(ref: Partial<ConversationReference>, who?: Actor): Promise<void>;
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
    const actor = await this.deps.identity.actor(context);
    context.turnState.set(ACTOR, actor);
    if (this.hooks.onConversation) {
      try {
        await this.hooks.onConversation(TurnContext.getConversationReference(context.activity), actor);
      } catch (err) {
        // Storing a reference must never cost the person their answer.
        this.deps.logger.warn('onConversation hook failed', { conversationId: context.activity.conversation?.id, error: err });
      }
    }
    await super.run(context);
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
}
