/**
 * The one view a shared conversation's ticket message may show, on both platforms: the agents'
 * buttons and no internal notes, in the conversation's language, whoever clicked. A click there
 * updates the message only with this view; the person who clicked gets their own view privately,
 * so a requester's Refresh never strips Claim and Resolve.
 */
import { normalizeLocale } from '../i18n';
import { ticketWithParts } from './card-hooks';
import { ticketView } from '../views/ticket-view';
import type { TicketView } from '../views/types';
import type { CommandContext, Reply } from './types';

/** True when two platform locales ('de-DE', 'de', absent) speak the same catalog language; unknown ones count as English. */
export function sameLanguage(a: string | undefined, b: string | undefined): boolean {
  return normalizeLocale(a) === normalizeLocale(b);
}

/**
 * The shared view of the ticket a reply is about, in `locale`: built from the ticket and comments
 * the reply was made from (after a write, what the write returned), so nothing is read again. A
 * reply that carries none (not made by ticketReply) is read as the clicker, who just saw it.
 */
export async function sharedTicketView(ctx: CommandContext, reply: Reply & { view: { type: 'ticket' } }, locale?: string): Promise<TicketView> {
  const id = reply.view.ticket.id;
  const { ticket, comments } = reply.about?.ticket.id === id ? reply.about : await readAbout(ctx, id);
  const notice = reply.view.ticket.notice;
  // The clicker's notice is in the clicker's language: it is kept only when the conversation reads that language.
  return ticketWithParts(ctx, ticketView(
    ticket,
    comments.filter((c) => !c.isInternal),
    // An agent nobody in particular, reading the conversation's language.
    { email: '', isAgent: true, locale },
    ctx.helpdesk.vocabulary,
    notice?.tone === 'success' && sameLanguage(ctx.locale, locale) ? notice : undefined,
  ), 'conversation');
}

async function readAbout(ctx: CommandContext, id: number): Promise<NonNullable<Reply['about']>> {
  const [ticket, comments] = await Promise.all([ctx.helpdesk.getTicket(ctx.actor, id), ctx.helpdesk.listComments(ctx.actor, id)]);
  return { ticket, comments };
}
