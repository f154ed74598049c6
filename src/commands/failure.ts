/**
 * Turns a failed command into a reply. A HelpdeskError's message is safe to show; a conflict
 * shows the ticket as it is now instead of overwriting; anything else is logged and the person
 * gets a short apology without internals.
 */
import { HelpdeskError, type Ticket } from '../helpdesk/types';
import { takeOverQuestion } from './take-over';
import { commandLogger } from './logger';
import { errorReply, notice, ticketReply, tr } from './respond';
import { errorText } from '../helpdesk/error-messages';
import type { CommandContext, CommandInput, Reply } from './types';
import { VERBS } from '../core/verbs';

/**
 * The one answer to a conflict. A claim that lost to someone who holds the ticket (the service
 * names them in `details.holder`) asks whether to take it over; an assignment says who holds it;
 * any other lost race shows the ticket as it is now.
 */
async function conflictReply(ctx: CommandContext, input: CommandInput, err: HelpdeskError): Promise<Reply> {
  let current: Ticket | undefined = err.details.current;
  if (!current && input.ticketId !== undefined) current = await ctx.helpdesk.getTicket(ctx.actor, input.ticketId);
  if (!current) return errorReply(tr(ctx)('commands:failure.nothingChanged', { message: errorText(err, tr(ctx)) }));
  const holder = err.details.holder;
  if (holder && input.verb === VERBS.claim) return takeOverQuestion(ctx, current, holder);
  const t = tr(ctx);
  const text = holder && input.verb === VERBS.assign ? t('commands:failure.alreadyClaimedNothingChanged', { holder: holder.name || holder.email }) : t('commands:failure.changedFirst');
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
    if (err.kind === 'unavailable') {
      const logger = commandLogger(ctx);
      logger.warn('help desk unavailable', { verb: input.verb, error: err });
      return { ...errorReply(errorText(err, tr(ctx))), outcome: 'failed' };
    }
    return errorReply(errorText(err, tr(ctx)));
  }
  const logger = commandLogger(ctx);
  logger.error('command failed', { verb: input.verb, ticketId: input.ticketId, error: err });
  return { ...errorReply(tr(ctx)('commands:failure.somethingWrong')), outcome: 'failed' };
}
