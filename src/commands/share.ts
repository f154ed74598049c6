/**
 * Tickets shared into a conversation, for the channels' search extension and link unfurling: the
 * service decides who may see which ticket; what is shared never carries comments, so never an
 * internal note, and offers only the buttons anyone may press (the bot checks each press).
 */
import { peopleNames } from './people';
import { tr } from './respond';
import { VERBS } from '../core';
import { ticketListView } from '../views/list-view';
import { ticketSummary, ticketView } from '../views/ticket-view';
import type { TicketListView, TicketSummaryView, TicketView } from '../views/types';
import type { CommandContext } from './types';

/** One search result to pick: the one-line summary for the preview and the card it inserts. */
export interface ShareableTicket {
  summary: TicketSummaryView;
  card: TicketView;
}

/** Most results a picker shows (Teams shows 25 per page). */
export const SHARE_LIMIT = 25;

/** Matching tickets as cards to insert; no words = the person's recent tickets (requester) or the open queue (agent). */
export async function shareableTickets(ctx: CommandContext, text: string, limit = SHARE_LIMIT): Promise<ShareableTicket[]> {
  const found = await ctx.helpdesk.searchTickets(ctx.actor, { text, limit });
  // Shared cards are read by others: the requester's view (no agent buttons), whoever picked them.
  const viewer = { email: ctx.actor.email, isAgent: false, locale: ctx.locale };
  // People by name, as on every other card (the agents list is the service's cache: no request per search).
  const names = await peopleNames(ctx);
  return found.map((t) => ({ summary: ticketSummary(t, viewer, names), card: ticketView(t, [], viewer, ctx.helpdesk.vocabulary, undefined, names) }));
}

/**
 * The compact card for a pasted ticket link (title, status, priority, assignee, requester, Show),
 * or undefined when the link names no ticket the person who pasted it may see.
 */
export async function unfurlView(ctx: CommandContext, link: string): Promise<TicketListView | undefined> {
  const ticket = await ctx.helpdesk.ticketFromLink(ctx.actor, link);
  if (!ticket) return undefined;
  const list = ticketListView(tr(ctx)('commands:share.title', { id: ticket.id }), [ticket], { email: ctx.actor.email, isAgent: false, locale: ctx.locale }, '', undefined, await peopleNames(ctx));
  // Only Show: a pasted link is read by everyone in the conversation.
  for (const s of list.tickets) s.actions = s.actions.filter((a) => a.verb === VERBS.show);
  return list;
}
