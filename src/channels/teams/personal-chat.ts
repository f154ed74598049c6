/**
 * Opening a person's 1:1 chat with the bot from a shared conversation (Bot Connector
 * createConversation; Teams answers with the existing chat when there is one). Used by
 * notifications (DMs to people seen only in channels) and by private answers to channel commands.
 */
import { TurnContext, type CloudAdapter, type ConversationParameters, type ConversationReference } from 'botbuilder';

/** The Bot Connector audience for proactive conversations (public cloud). */
export const BOT_FRAMEWORK_AUDIENCE = 'https://api.botframework.com';

/** What opening a 1:1 chat needs: where the person was seen (service, bot, user, tenant). */
export type SeenAt = Pick<Partial<ConversationReference>, 'serviceUrl' | 'channelId' | 'bot' | 'user'> & { conversation?: { tenantId?: string } };

/**
 * Opens (or finds) the 1:1 chat with `seen.user` and runs `logic` in it; `opened` hears the chat's
 * reference first so it can be remembered. Throws what the connector answered when it cannot.
 */
export async function inPersonalChat<T>(
  adapter: CloudAdapter,
  appId: string,
  seen: SeenAt,
  logic: (ctx: TurnContext) => Promise<T>,
  opened?: (reference: Partial<ConversationReference>) => Promise<void>,
): Promise<T> {
  const tenantId = seen.conversation?.tenantId;
  let failure: unknown;
  let result: T | undefined;
  try {
    await adapter.createConversationAsync(
      appId,
      seen.channelId ?? 'msteams',
      seen.serviceUrl!,
      BOT_FRAMEWORK_AUDIENCE,
      { isGroup: false, bot: seen.bot!, members: [seen.user!], tenantId, channelData: { tenant: { id: tenantId } } } as ConversationParameters,
      async (ctx) => {
        // Caught here: the adapter's onTurnError would otherwise swallow it and the send would look done.
        try {
          if (opened) await opened(TurnContext.getConversationReference(ctx.activity));
          result = await logic(ctx);
        } catch (err) {
          failure = err;
        }
      },
    );
  } catch (err) {
    failure = err;
  }
  if (failure !== undefined) throw failure;
  return result as T;
}
