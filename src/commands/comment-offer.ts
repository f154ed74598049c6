/**
 * A reply to a notification DM is offered as a comment (17.1): free text in a personal chat that
 * answers a notification about ticket N (a threaded or quoted reply, or a plain message shortly
 * after one) gets "Add as comment on #N" (one click stores it exactly as typed) and "File as a
 * new ticket" instead.
 */
import { commandLogger } from './logger';
import { VERBS } from '../core';
import type { View } from '../views/types';
import { keptIfLong } from './drafts';
import { tr } from './respond';
import type { CommandContext, Reply } from './types';

/** What one button's data may take before it is kept as a draft (two of them share one card). */
const BUTTON_ROOM = 4000;

/** How long after a notification DM a plain message is taken as a reply to it. */
export const REPLY_WINDOW_MS = 24 * 3600_000;

/** The ticket this free text answers: the one the channel saw it reply to, or the last recent notification. */
async function answeredTicket(ctx: CommandContext, now: number): Promise<number | undefined> {
  if (ctx.replyTo) return ctx.replyTo;
  try {
    const last = await ctx.notifications?.lastNotice(ctx.actor.email);
    if (last && now - Date.parse(last.at) <= REPLY_WINDOW_MS) return last.ticketId;
  } catch (err) {
    // Without the memory the text is still offered as a new ticket: nothing typed is lost.
    const logger = commandLogger(ctx);
    logger.warn('last notice unreadable; free text is offered as a new ticket', { error: err });
  }
  return undefined;
}

/**
 * The offer, or undefined when the text answers no notification or the person may not comment on
 * that ticket (then the caller offers a new ticket as before).
 */
export async function commentOffer(ctx: CommandContext, text: string, draft: { title: string; description: string }, now = Date.now()): Promise<Reply | undefined> {
  const id = await answeredTicket(ctx, now);
  if (!id) return undefined;
  // Not found, not theirs, or the service unavailable (it logged why): a new ticket is offered as before.
  const ticket = await ctx.helpdesk.getTicket(ctx.actor, id).catch(() => undefined);
  if (!ticket) return undefined;
  // Both buttons carry the text: a long one is kept as a draft so the card stays within Teams' size.
  const [asComment, asTicket] = await Promise.all([
    keptIfLong(ctx, { comment: text, internal: 'false' }, BUTTON_ROOM),
    keptIfLong(ctx, { ...draft }, BUTTON_ROOM),
  ]);
  const t = tr(ctx);
  const view: View = {
    type: 'confirmation',
    confirmation: {
      message: t('commands:commentOffer.question', { id: ticket.id, title: ticket.title }),
      actions: [
        { verb: VERBS.comment, title: t('commands:commentOffer.asComment', { id: ticket.id }), style: 'positive', ticketId: ticket.id, data: asComment },
        { verb: VERBS.newForm, title: t('commands:commentOffer.asTicket'), data: asTicket },
      ],
    },
  };
  return { view, visibility: 'private', ticketId: ticket.id };
}
