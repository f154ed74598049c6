/**
 * Teams quoted replies: replying to a message in a chat puts a quote of it before the person's
 * words (`<blockquote itemtype="http://schema.skype.com/Reply" itemid="<message id>">…`). The quote
 * is not what they typed, so it is taken off the text; the quoted message tells which
 * notification (and so which ticket) they answer.
 */
import type { Activity } from 'botbuilder';
import type { CommandContext } from '../../commands/types';
import { plainText } from './text';

const QUOTE = /<blockquote\b[^>]*itemtype="http:\/\/schema\.skype\.com\/Reply"[^>]*>([\s\S]*?)<\/blockquote>/i;

/** A quote at the head of a message: the quoted message's id and its preview text. */
export interface QuotedReply {
  messageId: string;
  preview: string;
}

/** Takes a reply quote off the activity's text (so only what was typed stays) and returns it. */
export function takeQuotedReply(activity: Partial<Activity>): QuotedReply | undefined {
  const text = activity.text;
  if (typeof text !== 'string') return undefined;
  const m = QUOTE.exec(text);
  if (!m) return undefined;
  const id = /itemid="([^"]+)"/i.exec(m[0])?.[1] ?? '';
  activity.text = text.replace(m[0], '');
  return { messageId: id, preview: plainText(m[1]) };
}

/** The ticket a quoted notification was about: remembered for that message, else the "#N" it shows. */
export async function quotedTicket(ctx: CommandContext, quoted: QuotedReply): Promise<number | undefined> {
  const known = quoted.messageId ? await ctx.notifications?.noticeOf('teams', ctx.conversation.id, quoted.messageId).catch((error: unknown) => {
    // The store cannot say which notice this was: the "#N" the quote shows still names the ticket.
    ctx.logger?.warn('notice of a quoted message unreadable; the ticket is taken from the quote', { conversationId: ctx.conversation.id, error });
    return undefined;
  }) : undefined;
  if (known) return known;
  const shown = /#(\d{1,9})\b/.exec(quoted.preview)?.[1];
  return shown ? Number(shown) : undefined;
}
