/**
 * What the bound features add to the cards agents read (a feature's `cards`, src/features/types.ts): the
 * core builds the card, each feature's hook adds its part (SLA clocks, the ticket's files). A
 * requester's card never reaches a hook; a hook that fails is logged with its feature's name and
 * the card is shown without that part.
 */
import type { TicketListView, TicketView } from '../views/types';
import { commandLogger } from './logger';
import type { CommandContext, Reply } from './types';

/**
 * What a feature adds to the cards agents read (SLA clocks, a ticket's files): each part is
 * handed the view the core built for an agent and returns it with the feature's lines. A
 * requester's card never reaches a hook. A failure is logged with the feature's name and the
 * card is shown without the feature's part.
 */
export interface CardHook {
  /** An agent's ticket card; `audience` 'conversation' is a shared conversation's card (anyone there may read it). */
  ticket?(view: TicketView, audience: 'agent' | 'conversation'): Promise<TicketView>;
  /** An agent's ticket list (queue, mine, search…). */
  list?(list: TicketListView): Promise<TicketListView>;
}

/** One feature's card hook, named for the log when it fails. */
export interface NamedCardHook {
  feature: string;
  hook: CardHook;
}

/** The reply with the features' parts on an agent's ticket card or list. */
export async function withFeatureParts(reply: Reply, ctx: CommandContext): Promise<Reply> {
  const hooks = ctx.commands?.cards ?? [];
  if (hooks.length === 0) return reply;
  const view = reply.view;
  if (view.type === 'ticket' && view.ticket.agentView) {
    return { ...reply, view: { type: 'ticket', ticket: await ticketWithParts(ctx, view.ticket, 'agent') } };
  }
  if (view.type === 'ticket-list' && view.list.tickets.length > 0 && hooks.some((h) => h.hook.list) && (await ctx.helpdesk.isAgent(ctx.actor.email))) {
    let list: TicketListView = view.list;
    for (const { feature, hook } of hooks) {
      if (!hook.list) continue;
      try {
        list = await hook.list(list);
      } catch (err) {
        const logger = commandLogger(ctx);
        logger.warn('a feature could not add its part to the list an agent reads; the list is shown without it', { feature, error: err });
      }
    }
    return { ...reply, view: { type: 'ticket-list', list } };
  }
  return reply;
}

/** An agent's (or a shared conversation's) ticket card with each feature's part. */
export async function ticketWithParts(ctx: CommandContext, ticket: TicketView, audience: 'agent' | 'conversation'): Promise<TicketView> {
  let card = ticket;
  for (const { feature, hook } of ctx.commands?.cards ?? []) {
    if (!hook.ticket) continue;
    try {
      card = await hook.ticket(card, audience);
    } catch (err) {
      const logger = commandLogger(ctx);
      logger.warn('a feature could not add its part to the card an agent reads; the card is shown without it', { feature, ticketId: ticket.id, error: err });
    }
  }
  return card;
}
