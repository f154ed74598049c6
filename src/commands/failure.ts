/**
 * Turns a failed command into a reply. A HelpdeskError's message is safe to show; a conflict
 * shows the ticket as it is now instead of overwriting; anything else is logged and the person
 * gets a short apology without internals.
 */
import { HelpdeskError, type Holder, type Ticket } from '../helpdesk/types';
import { log } from '../log';
import { errorReply, notice, ticketReply, tr } from './respond';
import { errorText } from '../helpdesk/messages';
import type { CommandContext, CommandInput, Reply } from './types';
import { VERBS } from '../core/verbs';

/**
 * A claim or assignment that lost to someone who holds the ticket (the service names them in
 * `details.holder`) says who; a typed claim also says how to take it over.
 */
function conflictNotice(ctx: CommandContext, input: CommandInput, holder: Holder | undefined): string {
  const t = tr(ctx);
  if (!holder || (input.verb !== VERBS.claim && input.verb !== VERBS.assign)) return t('commands:failure.changedFirst');
  const who = holder.name || holder.email;
  if (input.verb === VERBS.claim && !input.etag && input.ticketId !== undefined) {
    return t('commands:failure.takeOverHint', { holder: who, id: input.ticketId, email: ctx.actor.email });
  }
  return t('commands:failure.alreadyClaimedNothingChanged', { holder: who });
}

async function conflictReply(ctx: CommandContext, input: CommandInput, err: HelpdeskError): Promise<Reply> {
  let current: Ticket | undefined = err.details.current;
  if (!current && input.ticketId !== undefined) current = await ctx.helpdesk.getTicket(ctx.actor, input.ticketId);
  if (!current) return errorReply(tr(ctx)('commands:failure.nothingChanged', { message: errorText(err, tr(ctx)) }));
  const text = conflictNotice(ctx, input, err.details.holder);
  return ticketReply(ctx, current, 'private', { notice: notice(text, 'warning'), outcome: 'conflict' });
}

/** The context's logger, marked as the commands'; never one built at import, which would miss LOG_LEVEL / LOG_FORMAT as configured. */
function commandLogger(ctx: CommandContext) {
  return (ctx.logger ?? log).child({ component: 'commands' });
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
