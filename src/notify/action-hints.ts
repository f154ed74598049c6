/**
 * Remembers who made each change through this bot, so the poller can leave the person who
 * acted out of the notifications (Graph cannot say: every change is made by the app).
 */
import type { Actor, Claimed, HelpdeskService, Ticket } from '../helpdesk/types';
import type { Logger } from '../log';
import type { Store } from '../store/types';

type TicketMutation = 'createTicket' | 'updateTicket' | 'claim' | 'assign' | 'setStatus' | 'setPriority' | 'resolve';
const MUTATIONS: TicketMutation[] = ['createTicket', 'updateTicket', 'claim', 'assign', 'setStatus', 'setPriority', 'resolve'];

/** Wraps a HelpdeskService so every ticket change and comment records its actor in `store`. */
export function withActionHints(helpdesk: HelpdeskService, store: Store, logger?: Logger): HelpdeskService {
  const record = async (hint: Parameters<Store['recordAction']>[0]) => {
    // A lost hint only means the actor may be told about their own change; never fail the command.
    await store.recordAction(hint).catch((err) => logger?.warn('could not record who made a change', { error: err }));
  };
  const wrapped: HelpdeskService = Object.create(helpdesk);
  for (const name of MUTATIONS) {
    const original = helpdesk[name].bind(helpdesk) as (actor: Actor, ...rest: unknown[]) => Promise<Ticket | Claimed>;
    (wrapped as unknown as Record<string, unknown>)[name] = async (actor: Actor, ...rest: unknown[]) => {
      const result = await original(actor, ...rest);
      const ticket = 'ticket' in result ? result.ticket : result;
      await record({ kind: 'ticket', itemId: ticket.id, etag: ticket.etag, actorEmail: actor.email });
      return result;
    };
  }
  wrapped.addComment = async (actor, ticketId, body, options) => {
    const comment = await helpdesk.addComment(actor, ticketId, body, options);
    await record({ kind: 'comment', itemId: comment.id, actorEmail: actor.email });
    return comment;
  };
  return wrapped;
}
