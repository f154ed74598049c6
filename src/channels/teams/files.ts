/**
 * Files on a Teams message, as the files feature needs them from this turn: the attachments, the
 * Bot Connector the message came through (its host and the bot's own token, from botbuilder's
 * credentials), and, outside a personal chat, the one line saying files do not reach the bot there.
 */
import { MessageFactory, type TurnContext } from 'botbuilder';
import { teamsChannelFileCount, teamsChannelLine, teamsFileRefs } from '../../features/files';
import { isPrivate, type FileConnector as Connector, type FileReplyFacts as ReplyFacts } from '../../core';
import type { Actor } from '../../helpdesk/types';
import { conversationOf, localeOf, type TeamsDeps } from './turn';

/** The Bot Connector of this turn: only its own service URL's host, with the bot's token when it has an app id. */
export function connectorOf(context: TurnContext): Connector | undefined {
  let origin: string;
  try {
    origin = new URL(context.activity.serviceUrl ?? '').origin;
  } catch {
    // No service URL (not a Bot Connector turn): pasted images cannot be fetched, and are told as such.
    return undefined;
  }
  return {
    hosts: [origin],
    async token() {
      const client = context.turnState.get(context.adapter.ConnectorClientKey) as { credentials?: { appId?: string; getToken?(forceRefresh?: boolean): Promise<string> } } | undefined;
      const credentials = client?.credentials;
      // Without an app id (the Agents Playground) there is no bot token to send.
      return credentials?.appId && credentials.getToken ? credentials.getToken() : undefined;
    },
  };
}

/** Outside a personal chat, a message with files gets one line: bots are not sent files there. */
export async function tellChannelFiles(context: TurnContext): Promise<boolean> {
  if (isPrivate(conversationOf(context))) return false;
  const count = teamsChannelFileCount(context.activity.attachments);
  if (count === 0) return false;
  await context.sendActivity(MessageFactory.text(teamsChannelLine(count, localeOf(context))));
  return true;
}

/** In a personal chat, after the message's command: its files go with the ticket the reply saved to; the lines are told. */
export async function attachPersonalFiles(deps: TeamsDeps, context: TurnContext, actor: Actor, reply: ReplyFacts): Promise<void> {
  if (!isPrivate(conversationOf(context))) return;
  const files = teamsFileRefs(context.activity.attachments, context.activity.timestamp ? new Date(context.activity.timestamp).toISOString() : undefined);
  if (files.length === 0) return;
  const lines = await deps.files.afterReply(reply, {
    actor,
    locale: localeOf(context),
    messageKey: `teams:${context.activity.conversation?.id}:${context.activity.id}`,
    files,
    connector: connectorOf(context),
    holder: holderOf(context),
  });
  if (lines.length > 0) await context.sendActivity(MessageFactory.text(lines.join('\n\n')));
}

/** The person on Teams, as the files held for their click are keyed. */
export function holderOf(context: TurnContext): string {
  return `teams:${context.activity.from?.aadObjectId ?? context.activity.from?.id ?? ''}`;
}

/** After a card click saved a ticket or comment: the files held for this person go with it; the lines are told in a message. */
export async function attachHeldFiles(deps: TeamsDeps, context: TurnContext, reply: ReplyFacts): Promise<void> {
  const lines = await deps.files.afterClick(reply, holderOf(context), connectorOf(context));
  if (lines.length > 0) await context.sendActivity(MessageFactory.text(lines.join('\n\n')));
}
