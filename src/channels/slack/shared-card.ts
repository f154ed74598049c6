/**
 * The one view a shared channel's ticket message may show: the agents' buttons and no internal
 * notes, whoever clicked. A click there updates the message only with this view; the person who
 * clicked gets their own view privately, so a requester's Refresh never strips Claim and Resolve.
 */
import type { CommandContext, Reply } from '../../commands/types';
import { ticketView } from '../../views/ticket-view';
import type { TicketView } from '../../views/types';

/** The viewer a shared message is built for: an agent nobody in particular, reading the channel's language. */
function everyone(locale: string | undefined): { email: string; isAgent: boolean } {
  const viewer = { email: '', isAgent: true, locale };
  return viewer;
}

/** The shared view of the ticket a reply is about (read as the clicker, who just saw it). */
export async function sharedTicketView(ctx: CommandContext, reply: Reply & { view: { type: 'ticket' } }, locale?: string): Promise<TicketView> {
  const id = reply.view.ticket.id;
  const [ticket, comments] = await Promise.all([ctx.helpdesk.getTicket(ctx.actor, id), ctx.helpdesk.listComments(ctx.actor, id)]);
  return ticketView(
    ticket,
    comments.filter((c) => !c.isInternal),
    // The channel's language (views read `locale` on the viewer once they are translated).
    everyone(locale),
    ctx.helpdesk.vocabulary,
    reply.view.ticket.notice?.tone === 'success' ? reply.view.ticket.notice : undefined,
  );
}
