/**
 * The Teams channel: botbuilder's CloudAdapter (which owns Bot Connector authentication) plus the
 * help-desk bot. Exposes `handle` for the HTTP server and `adapter` for proactive sends.
 */
import {
  CloudAdapter,
  ConfigurationBotFrameworkAuthentication,
  type ConfigurationBotFrameworkAuthenticationOptions,
  type TurnContext,
} from 'botbuilder';
import type { Request, Response } from 'restify';
import type { NotificationPorts } from '../../commands/types';
import type { TeamsSettings } from '../../config';
import type { HelpdeskService } from '../../helpdesk/types';
import type { Logger } from '../../log';
import type { TeamsEndpoint } from '../../server';
import { HelpdeskTeamsBot, type TeamsHooks } from './bot';
import { createIdentityResolver, type IdentityResolver } from './identity';

export { activityFor, cardFor, shareableView, type CardAudience } from './replies';
export type { TeamsHooks } from './bot';

/** Options for createTeamsChannel. */
export interface TeamsChannelConfig {
  settings: TeamsSettings;
  helpdesk: HelpdeskService;
  notifications?: NotificationPorts;
  logger: Logger;
  hooks?: TeamsHooks;
  /** Seconds a resolved email is cached (default 15 minutes). */
  identityTtlSeconds?: number;
}

/** The running Teams channel. */
export interface TeamsChannel extends TeamsEndpoint {
  /** For proactive sends: `adapter.continueConversationAsync(appId, reference, logic)`. */
  adapter: CloudAdapter;
  /** The bot's app id to pass to continueConversationAsync ('' in local unauthenticated use). */
  appId: string;
  bot: HelpdeskTeamsBot;
  identity: IdentityResolver;
}

/** Builds the adapter from the Bot Framework's own setting names and wires the bot to it. */
export function createTeamsChannel(options: TeamsChannelConfig): TeamsChannel {
  const { settings, logger } = options;
  const auth: ConfigurationBotFrameworkAuthenticationOptions = {
    MicrosoftAppId: settings.appId ?? '',
    MicrosoftAppPassword: settings.appPassword ?? '',
    MicrosoftAppTenantId: settings.appTenantId ?? '',
    MicrosoftAppType: settings.appType,
  };
  const adapter = new CloudAdapter(new ConfigurationBotFrameworkAuthentication(auth));
  const identity = createIdentityResolver({ logger, ttlMs: (options.identityTtlSeconds ?? 900) * 1000 });
  const bot = new HelpdeskTeamsBot({ helpdesk: options.helpdesk, notifications: options.notifications, identity, logger }, options.hooks);

  adapter.onTurnError = async (context: TurnContext, error: Error) => {
    const a = context.activity;
    logger.error('Teams turn failed', {
      activityType: a.type,
      name: a.name,
      activityId: a.id,
      conversationId: a.conversation?.id,
      conversationType: a.conversation?.conversationType,
      error,
    });
    // Only a message is a turn the person started and is waiting on; invokes answer on the card.
    if (a.type !== 'message') return;
    try {
      await context.sendActivity('Something went wrong on my side. Please try again in a moment.');
    } catch (err) {
      logger.warn('Could not tell the person about the failure', { conversationId: a.conversation?.id, error: err });
    }
  };

  return {
    adapter,
    appId: settings.appId ?? '',
    bot,
    identity,
    async handle(req: Request, res: Response) {
      await adapter.process(req, res, (context) => bot.run(context));
    },
  };
}
