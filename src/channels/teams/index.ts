/**
 * The Teams channel: botbuilder's CloudAdapter (which owns Bot Connector authentication) plus the
 * help-desk bot. Exposes `handle` for the HTTP server and `adapter` for proactive sends.
 */
import {
  CloudAdapter,
  ConfigurationBotFrameworkAuthentication,
  type Activity,
  type ConfigurationBotFrameworkAuthenticationOptions,
  type TurnContext,
} from 'botbuilder';
import type { Request, Response } from 'restify';
import { REGISTRY, type CommandRegistry } from '../../commands/registry';
import { replyFirst } from '../../commands/reply-first';
import type { ConversationPorts } from '../../commands/types';
import type { TeamsSettings } from '../../config';
import type { HelpdeskService } from '../../helpdesk/types';
import type { Logger } from '../../log';
import type { TeamsEndpoint } from '../../server';
import { memoryClaims } from '../../store/memory-claims';
import { HelpdeskTeamsBot, type TeamsHooks } from './bot';
import type { PrivateChat } from './answer';
import { localeOf, type TeamsDeps } from './turn';
import { createConversationTitles } from './conversation-title';
import { createIdentityResolver, type IdentityResolver } from './identity';
import { inPersonalChat } from './personal-chat';
import { activityOf, authenticate, type AuthenticateRequestResult } from './authenticate';
import { NO_FILE_INTAKE, teamsTexts } from '../../views/channel-texts';

export { activityFor, cardFor, shareableView, type CardAudience } from './activities';
export type { TeamsHooks } from './bot';

/** Options for createTeamsChannel. */
export interface TeamsChannelConfig {
  settings: TeamsSettings;
  helpdesk: HelpdeskService;
  notifications?: ConversationPorts;
  logger: Logger;
  hooks?: TeamsHooks;
  /** Store.claimInbound, so a Teams redelivery never runs a command twice. */
  claimInbound?: TeamsDeps['claimInbound'];
  /** Tells a person later that a change was saved when the answer in the turn could not be sent. */
  tellLater?: TeamsDeps['tellLater'];
  /** Seconds a resolved email is cached (default 15 minutes). */
  identityTtlSeconds?: number;
  /** The commands it runs (default the product's). */
  commands?: CommandRegistry;
  /** Where the files a personal-chat message carries go (the files feature); default: nowhere, and the sender is told. */
  files?: TeamsDeps['files'];
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
    // botbuilder refuses SingleTenant (the default) without an app id; local use has none.
    MicrosoftAppType: settings.appId ? settings.appType : 'MultiTenant',
    ...(settings.openIdMetadataUrl ? publicCloudWithKeysAt(settings.openIdMetadataUrl) : {}),
  };
  const authentication = new ConfigurationBotFrameworkAuthentication(auth);
  const adapter = new AuthenticatedAdapter(authentication);
  const identity = createIdentityResolver({ logger, ttlMs: (options.identityTtlSeconds ?? 900) * 1000 });
  const appId = settings.appId ?? '';
  const hooks = options.hooks ?? {};
  // Answers meant for one person open their 1:1 chat; the chat is then remembered like any other.
  const privateChat: PrivateChat = (seen, logic, who) =>
    inPersonalChat(adapter, appId, seen, logic, async (reference) => {
      try {
        await hooks.onConversation?.(reference, who);
      } catch (err) {
        logger.warn('onConversation hook failed for a new personal chat', { error: err });
      }
    });
  const bot = new HelpdeskTeamsBot(
    { helpdesk: options.helpdesk, commands: options.commands ?? REGISTRY, notifications: options.notifications, identity, titles: createConversationTitles(logger), logger, privateChat, claimInbound: options.claimInbound ?? memoryClaims().claimInbound, tellLater: options.tellLater, files: options.files ?? NO_FILE_INTAKE },
    hooks,
  );

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
      await context.sendActivity(teamsTexts(localeOf(context)).turnFailed());
    } catch (err) {
      logger.warn('Could not tell the person about the failure', { conversationId: a.conversation?.id, error: err });
    }
  };

  const local = !settings.appId;
  return {
    adapter,
    appId: settings.appId ?? '',
    bot,
    identity,
    async handle(req: Request, res: Response) {
      const refusal = refuse(req.body, local);
      if (refusal) {
        logger.warn('Refused a Teams request', { reason: refusal, activityId: (req.body as { id?: unknown } | undefined)?.id });
        res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(refusal);
        return;
      }
      const activity = activityOf(req.body as Record<string, unknown>);
      try {
        // Authenticated here rather than in adapter.process, which answers 500 with the error text
        // when the signing keys cannot be fetched; the rest is what adapter.process does.
        const checked = await authenticate(authentication, activity, String(req.headers.authorization ?? ''), local, logger);
        if (!checked.ok) {
          res.writeHead(checked.status, { 'content-type': 'text/plain; charset=utf-8', ...(checked.status === 503 ? { 'retry-after': '30' } : {}) });
          res.end(checked.body);
          return;
        }
        // The turn's reply (an invoke's answer too) goes out before what its commands left for later: the channel cards.
        await replyFirst(async () => {
          const invoke = await adapter.runAuthenticated(checked.result, activity, (context) => bot.run(context));
          res.status(invoke?.status ?? 200);
          if (invoke?.body) res.send(invoke.body);
          res.end();
        });
      } catch (err) {
        // botbuilder rethrows what onTurnError could not absorb; the caller gets a plain 500, never internals.
        logger.error('Teams request failed', { activityId: (req.body as { id?: unknown }).id, error: err });
        if (!res.headersSent) {
          res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
          res.end('The bot could not process this activity.');
        }
      }
    },
  };
}

/**
 * The public cloud's Bot Framework values with the signing keys published elsewhere. botbuilder
 * takes any one of these as "all are given", so the rest are spelled out as its defaults.
 */
function publicCloudWithKeysAt(openIdMetadataUrl: string): Partial<ConfigurationBotFrameworkAuthenticationOptions> {
  return {
    ToBotFromChannelOpenIdMetadataUrl: openIdMetadataUrl,
    ToBotFromEmulatorOpenIdMetadataUrl: openIdMetadataUrl,
    ToBotFromChannelTokenIssuer: 'https://api.botframework.com',
    ToChannelFromBotLoginUrl: 'https://login.microsoftonline.com/botframework.com',
    ToChannelFromBotOAuthScope: 'https://api.botframework.com',
    OAuthUrl: 'https://api.botframework.com',
    CallerId: 'urn:botframework:azure',
    ValidateAuthority: true,
  };
}

/** CloudAdapter that runs a turn for a request this channel has already authenticated. */
class AuthenticatedAdapter extends CloudAdapter {
  /** processActivity with the result of authenticate(), so the request is not checked twice. */
  runAuthenticated(result: AuthenticateRequestResult, activity: Activity, logic: (context: TurnContext) => Promise<void>) {
    return this.processActivity(result, activity, logic);
  }
}

/** Hosts a local (unauthenticated) bot may answer: this machine only, so nothing leaves it. */
function isLoopbackUrl(url: unknown): boolean {
  if (typeof url !== 'string') return false;
  try {
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
    return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
  } catch {
    // Not a URL at all: certainly not this machine.
    return false;
  }
}

/** Why an activity cannot be processed at all (plain words for the 400 body), or undefined when it can. */
export function refuse(body: unknown, local: boolean): string | undefined {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'The request body is not a Bot Framework activity (a JSON object).';
  const activity = body as { type?: unknown; serviceUrl?: unknown };
  if (typeof activity.type !== 'string' || !activity.type) return 'The activity has no type.';
  // Without a MicrosoftAppId nobody vouches for serviceUrl: answering a foreign host would post to it.
  if (local && !isLoopbackUrl(activity.serviceUrl)) {
    return 'In local mode (no MicrosoftAppId) the activity\'s serviceUrl must be on this machine (localhost or 127.0.0.1).';
  }
  return undefined;
}
