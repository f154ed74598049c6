/**
 * Turns a failed command into a reply. A HelpdeskError's message is safe to show; a conflict
 * shows the ticket as it is now instead of overwriting; anything else is logged and the person
 * gets a short apology without internals.
 */
import { HelpdeskError, type Ticket } from '../helpdesk/types';
import { createLogger } from '../log';
import { sameEmail } from '../views/format';
import { agentName, errorReply, notice, ticketReply } from './respond';
import type { CommandContext, CommandInput, Reply } from './types';
import { VERBS } from '../core/verbs';

const logger = createLogger().child({ component: 'commands' });

async function conflictReply(ctx: CommandContext, input: CommandInput, err: HelpdeskError): Promise<Reply> {
  let current: Ticket | undefined = err.details.current;
  if (!current && input.ticketId !== undefined) current = await ctx.helpdesk.getTicket(ctx.actor, input.ticketId);
  if (!current) return errorReply(`${err.message} Nothing was changed.`);
  const takenByOther = current.assignedTo !== '' && !sameEmail(current.assignedTo, ctx.actor.email);
  const text = takenByOther && (input.verb === VERBS.claim || input.verb === VERBS.assign)
    ? `Already claimed by ${await agentName(ctx, current.assignedTo)}. Nothing was changed.`
    : 'Someone changed this ticket first, so nothing was changed. This is the ticket as it is now.';
  return ticketReply(ctx, current, 'private', { notice: notice(text, 'warning'), outcome: 'conflict' });
}

/** The reply for a handler that threw. */
export async function failureReply(ctx: CommandContext, input: CommandInput, err: unknown): Promise<Reply> {
  if (err instanceof HelpdeskError) {
    if (err.kind === 'conflict') {
      try {
        return await conflictReply(ctx, input, err);
      } catch (inner) {
        return failureReply(ctx, { verb: input.verb }, inner);
      }
    }
    if (err.kind === 'unavailable') logger.warn('help desk unavailable', { verb: input.verb, error: err });
    return errorReply(err.message);
  }
  logger.error('command failed', { verb: input.verb, ticketId: input.ticketId, error: err });
  return errorReply('Something went wrong on my side, so nothing was changed. Please try again in a minute.');
}
