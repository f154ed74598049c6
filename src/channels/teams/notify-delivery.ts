/**
 * Notifications into Teams: proactive sends with stored conversation references. Cards are
 * posted and updated in place; changes go into the card's thread (channels) or after it (chats).
 */
import { CardFactory, MessageFactory, TurnContext, type Activity, type CloudAdapter, type ConversationReference } from 'botbuilder';
import { isPrivate } from '../../core';
import type { Actor } from '../../helpdesk/types';
import type { Logger } from '../../log';
import { DeliveryError, type Delivery } from '../../notify/types';
import type { ThreadReplyHandler } from '../../notify/thread-replies';
import { teamsChannelId } from './conversation-ids';
import type { Store } from '../../store/types';
import type { NoticeView } from '../../views/notice-view';
import type { TicketView } from '../../views/types';
import type { ThreadTurn } from './bot';
import { isTooBig, TEAMS_MESSAGE_LIMIT } from './fit';
import { inPersonalChat } from './personal-chat';
import { cardFor } from './activities';
import { screenCard } from './screen-card';
import { IANAZone } from 'luxon';
import { kindOf } from './turn';

/** Options for createTeamsDelivery. */
export interface TeamsDeliveryConfig {
  adapter: CloudAdapter;
  /** The bot's app id ('' in local unauthenticated use). */
  appId: string;
  store: Store;
  logger: Logger;
  /** Tests and benches: one send per this many ms per conversation instead of Teams' limits (0 = unpaced). */
  minIntervalMs?: number;
}

/**
 * Connector error codes that mean the bot can no longer post in the conversation. A 404 for a
 * deleted card (activity not found) is not one of them: that must not drop the channel's
 * subscriptions. Decided by the code the connector sends, never by its message's wording.
 */
const GONE = new Set(['ConversationNotFound', 'BotNotInConversationRoster', 'BotDisabledByAdmin', 'ConversationBlockedByUser']);

/** The connector's error code: the RestError's `code`, else the one in the answer's body (`{ error: { code } }`). */
function connectorCode(err: unknown): string {
  const e = err as { code?: unknown; details?: { error?: { code?: unknown } } };
  if (typeof e?.code === 'string' && e.code) return e.code;
  const inBody = e?.details?.error?.code;
  return typeof inBody === 'string' ? inBody : '';
}

function statusOf(err: unknown): number | undefined {
  const e = err as { statusCode?: number; status?: number; response?: { status?: number } };
  return e?.statusCode ?? e?.status ?? e?.response?.status;
}

function retryAfterMs(err: unknown): number | undefined {
  const headers = (err as { response?: { headers?: { get?(n: string): string | undefined } & Record<string, unknown> } })?.response?.headers;
  const raw = headers?.get?.('retry-after') ?? (headers?.['retry-after'] as string | undefined);
  const secs = raw === undefined ? NaN : Number(raw);
  return Number.isFinite(secs) ? secs * 1000 : undefined;
}

/** Maps a Bot Connector failure to the notifier's terms: gone, throttled or failed. */
export function teamsFailure(err: unknown, what: string): DeliveryError {
  const status = statusOf(err);
  const code = connectorCode(err);
  const message = err instanceof Error ? err.message : String(err);
  if (status === 429) return new DeliveryError('throttled', `${what}: throttled`, retryAfterMs(err), { cause: err });
  // Microsoft's guidance retries these with backoff too; they carry no Retry-After.
  if (status === 412 || status === 502 || status === 504) return new DeliveryError('throttled', `${what}: ${status}`, retryAfterMs(err), { cause: err });
  if ((status === 403 || status === 404) && GONE.has(code)) {
    return new DeliveryError('gone', `${what}: ${code || status} ${message}`.trim(), undefined, { cause: err });
  }
  if (status === 404) return new DeliveryError('missing', `${what}: ${code || status} ${message}`.trim(), undefined, { cause: err });
  return new DeliveryError('failed', `${what}: ${status ?? ''} ${message}`.trim(), undefined, { cause: err });
}

/** A channel card: no internal notes, and a refresh so each person who opens it can get their own view. */
const cardActivity = (view: TicketView, limit?: number) =>
  MessageFactory.attachment(CardFactory.adaptiveCard(cardFor({ type: 'ticket', ticket: view }, { shared: true, userIds: [] }, limit)));

/**
 * A DM: the compact notice card, which says what happened under the ticket's head, alone in its
 * message (text beside it would say it twice); the plain text is the notification's summary.
 */
function directActivity(text: string, notice?: NoticeView): Partial<Activity> {
  if (!notice) return MessageFactory.text(text);
  const card = cardFor({ type: 'notice', notice }, { shared: false, userIds: [] });
  return { ...MessageFactory.attachment(CardFactory.adaptiveCard(card)), summary: text };
}

/** Sends a card; when the connector answers 413 MessageSizeTooBig, sends the shorter form once. */
async function orSmaller<T>(send: (limit?: number) => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (err) {
    if (!isTooBig((err as { cause?: unknown })?.cause ?? err)) throw err;
    return send(TEAMS_MESSAGE_LIMIT / 2);
  }
}

/** The Delivery port for Teams. */
export function createTeamsDelivery(config: TeamsDeliveryConfig): Delivery {
  const { adapter, appId, store } = config;

  async function reference(conversationId: string): Promise<{ ref: Partial<ConversationReference>; kind: string }> {
    const record = await store.getConversation('teams', conversationId);
    if (!record?.reference) throw new DeliveryError('failed', `no stored Teams conversation reference for ${conversationId}`);
    return { ref: record.reference as Partial<ConversationReference>, kind: record.kind };
  }

  async function inConversation<T>(ref: Partial<ConversationReference>, what: string, logic: (ctx: TurnContext) => Promise<T>): Promise<T> {
    let result: T | undefined;
    let failure: unknown;
    try {
      await adapter.continueConversationAsync(appId, ref, async (ctx) => {
        // Caught here: the channel's onTurnError would otherwise swallow it and the send would look done.
        try {
          result = await logic(ctx);
        } catch (err) {
          failure = err;
        }
      });
    } catch (err) {
      failure = err;
    }
    if (failure !== undefined) throw teamsFailure(failure, what);
    return result as T;
  }

  return {
    platform: 'teams',
    minIntervalMs: config.minIntervalMs,
    async postCard(conversationId, view) {
      const { ref } = await reference(conversationId);
      const sent = await orSmaller((limit) => inConversation(ref, 'post card', (ctx) => ctx.sendActivity(cardActivity(view, limit))));
      if (!sent?.id) throw new DeliveryError('failed', 'Teams returned no activity id for the card');
      return sent.id;
    },
    async postScreen(conversationId, view) {
      const { ref } = await reference(conversationId);
      // The card alone: text beside it would show as a post of its own; the fallback's first line is the notification's.
      const summary = (view.fallback ?? '').split('\n')[0];
      const sent = await inConversation(ref, 'screen', (ctx) => ctx.sendActivity({ ...MessageFactory.attachment(CardFactory.adaptiveCard(screenCard(view))), summary }));
      if (!sent?.id) throw new DeliveryError('failed', 'Teams returned no activity id for the screen');
      return sent.id;
    },
    async updateCard(conversationId, messageId, view) {
      const { ref } = await reference(conversationId);
      await orSmaller((limit) => inConversation(ref, 'update card', (ctx) => ctx.updateActivity({ ...cardActivity(view, limit), id: messageId, type: 'message' })));
    },
    async postMessage(conversationId, text, _send, mention, view) {
      const { ref } = await reference(conversationId);
      // A mention entity needs the member's Teams id, kept from when the bot last saw them.
      const user = mention ? ((await store.personAddresses(mention)).find((a) => a.platform === 'teams' && (a.reference as Partial<ConversationReference> | undefined)?.user?.id)?.reference as Partial<ConversationReference> | undefined)?.user : undefined;
      const activity = view
        ? MessageFactory.attachment(CardFactory.adaptiveCard(cardFor({ type: 'confirmation', confirmation: view }, { shared: true, userIds: [] })), text)
        : MessageFactory.text(user ? `${text} <at>${user.name}</at>` : text);
      if (user) activity.entities = [{ type: 'mention', text: `<at>${user.name}</at>`, mentioned: { id: user.id, name: user.name } }];
      await inConversation(ref, 'message', (ctx) => ctx.sendActivity(activity));
    },
    async postThreadLine(conversationId, messageId, text) {
      const { ref, kind } = await reference(conversationId);
      // In a channel the card's thread is its own conversation; chats have no threads, so the line follows the card.
      const target = kind === 'channel' ? { ...ref, conversation: { ...ref.conversation!, id: `${conversationId};messageid=${messageId}` } } : ref;
      await inConversation(target, 'thread line', (ctx) => ctx.sendActivity(MessageFactory.text(text)));
    },
    async sendDirect(email, text, _send, notice) {
      const address = (await store.personAddresses(email)).find((a) => a.platform === 'teams' && a.reference);
      if (!address) {
        config.logger.debug('no Teams personal conversation stored for person; DM skipped', { email });
        return false;
      }
      const ref = address.reference as Partial<ConversationReference>;
      let sent: { conversationId: string; messageId: string } | undefined;
      const message = async (ctx: TurnContext) => {
        const res = await ctx.sendActivity(directActivity(text, notice));
        if (res?.id && ctx.activity.conversation?.id) sent = { conversationId: ctx.activity.conversation.id, messageId: res.id };
      };
      if (ref.conversation?.id) await inConversation(ref, 'direct message', message);
      else await startPersonalChat(email, ref, message);
      return sent ?? true;
    },
  };

  /** Someone seen only in a channel or group chat: open the 1:1 chat with them, then remember it. */
  async function startPersonalChat(email: string, seen: Partial<ConversationReference>, logic: (ctx: TurnContext) => Promise<unknown>) {
    try {
      await inPersonalChat(adapter, appId, seen, logic, async (reference) => {
        const id = reference.conversation!.id;
        await store.saveConversation({ platform: 'teams', id, kind: 'personal', reference });
        await store.savePersonAddress({ platform: 'teams', email, conversationId: id, userId: seen.user?.id, reference });
      });
    } catch (err) {
      throw teamsFailure(err, 'open personal chat');
    }
  }
}


/** TeamsHooks.onConversation: keeps conversation references so notifications can be sent later. */
export function teamsConversationHook(store: Store) {
  return async (ref: Partial<ConversationReference>, who?: Actor, zone?: string): Promise<void> => {
    const conversation = ref.conversation;
    if (!conversation?.id) return;
    const kind = kindOf(conversation);
    // A channel message's conversation id carries its thread (;messageid=); cards go to the channel itself.
    const id = kind === 'channel' ? teamsChannelId(conversation.id) : conversation.id;
    const reference = { ...ref, conversation: { ...conversation, id }, activityId: undefined };
    await store.saveConversation({ platform: 'teams', id, kind, reference });
    // The language this person's Teams client uses now: their DMs follow it.
    if (who?.email && ref.locale) await store.savePersonLocale(who.email, ref.locale);
    // The zone the client reports (clientInfo): the person's quiet hours are read in it.
    if (who?.email && zone && IANAZone.isValidZone(zone)) await store.savePersonZone(who.email, zone);
    if (isPrivate({ kind }) && who?.email) {
      await store.savePersonAddress({ platform: 'teams', email: who.email, conversationId: id, userId: ref.user?.aadObjectId ?? ref.user?.id, reference });
    } else if (who?.email && ref.user?.id && ref.serviceUrl) {
      // Seen only in a shared conversation so far: keep what opening a 1:1 chat needs, never over a real one.
      const known = (await store.personAddresses(who.email)).some((a) => a.platform === 'teams' && a.conversationId);
      if (!known) {
        const reach = { serviceUrl: ref.serviceUrl, channelId: ref.channelId, bot: ref.bot, user: ref.user, conversation: { tenantId: conversation.tenantId } };
        await store.savePersonAddress({ platform: 'teams', email: who.email, userId: ref.user.id, reference: reach });
      }
    }
  };
}

/**
 * For a channel message: the ticket-card thread it replies in, if any. Teams puts the thread root
 * in the conversation id (`19:…@thread.tacv2;messageid=<root>`).
 */
export function teamsThreadOf(conversationId: string): { channelId: string; parentId: string } | undefined {
  const m = /^(.*);messageid=(.+)$/.exec(conversationId);
  return m ? { channelId: m[1], parentId: m[2] } : undefined;
}

/**
 * Handles an @mention reply in a ticket card's thread: adds it as a comment and answers in the
 * thread. Returns true when the message was a reply to one of our cards.
 */
export async function handleTeamsThreadReply(handle: ThreadReplyHandler, ctx: TurnContext, actor: Actor, text: string, turn?: ThreadTurn): Promise<boolean> {
  const thread = teamsThreadOf(ctx.activity.conversation?.id ?? '');
  if (!thread) return false;
  const result = await handle('teams', thread.channelId, thread.parentId, actor, text, turn?.channel);
  if (!result) return false;
  // A command's answer is its card (public) or goes to the person's 1:1 chat (private).
  if (result.reply && turn) await turn.answer(result.reply);
  else await ctx.sendActivity(MessageFactory.text(result.text));
  return true;
}
