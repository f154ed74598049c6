/**
 * What running a suggested command would do to its ticket, said before the person runs it: "#3
 * “Printer jams” is Resolved; this reopens it as Waiting." Read from the ticket as it is now, so a
 * "Did you mean" button never changes a ticket the person has not seen.
 */
import { HelpdeskError, type Ticket } from '../helpdesk/types';
import { VERBS, type Verb } from '../core';
import { isDone, matchValue, valueLabel } from '../views/format';
import { commandLogger } from './logger';
import { tr } from './respond';
import type { CommandContext, CommandInput } from './types';

/** The ticket's title and state and what the run does to it; undefined for a command that changes no ticket. */
export async function suggestionEffect(ctx: CommandContext, input: CommandInput, writes: boolean): Promise<string | undefined> {
  if (!writes || input.ticketId === undefined) return undefined;
  const ticket = await readable(ctx, input.ticketId);
  if (!ticket) return undefined;
  const t = tr(ctx);
  const effect = await effectOf(ctx, input.verb as Verb, input.values ?? {}, ticket);
  return t('commands:didYouMean.state', { id: ticket.id, title: ticket.title, status: valueLabel(t, 'status', ticket.status), effect });
}

/** The ticket as this person may see it; undefined when it is gone or not theirs (the run itself says so). */
async function readable(ctx: CommandContext, id: number): Promise<Ticket | undefined> {
  try {
    return await ctx.helpdesk.getTicket(ctx.actor, id);
  } catch (err) {
    // A ticket that is gone or not this person's: the question stays plain and the run explains.
    if (err instanceof HelpdeskError && (err.kind === 'not-found' || err.kind === 'forbidden')) return undefined;
    const logger = commandLogger(ctx);
    logger.warn('the ticket of a suggested command could not be read; the suggestion stays plain', { ticketId: id, err });
    return undefined;
  }
}

/** One clause: what the verb does to this ticket, with the value it sets as the reader's language names it. */
async function effectOf(ctx: CommandContext, verb: Verb, values: Readonly<Record<string, string>>, ticket: Ticket): Promise<string> {
  const t = tr(ctx);
  const vocabulary = ctx.helpdesk.vocabulary;
  const canonical = async (field: 'status' | 'priority', typed: string) => matchValue(await ctx.helpdesk.valuesFor(field, typed), typed) ?? typed;
  switch (verb) {
    case VERBS.status: {
      const status = await canonical('status', values.status ?? '');
      const value = valueLabel(t, 'status', status);
      if (isDone(vocabulary, status)) return t('commands:didYouMean.effect.resolves');
      return t(isDone(vocabulary, ticket.status) ? 'commands:didYouMean.effect.reopensAs' : 'commands:didYouMean.effect.sets', { value });
    }
    case VERBS.priority:
      return t('commands:didYouMean.effect.priority', { value: valueLabel(t, 'priority', await canonical('priority', values.priority ?? '')) });
    case VERBS.claim:
      return t('commands:didYouMean.effect.claims');
    case VERBS.assign:
      return t('commands:didYouMean.effect.assigns', { who: values.assignee ?? '' });
    case VERBS.resolve:
      return t('commands:didYouMean.effect.resolves');
    case VERBS.reopen:
      return t('commands:didYouMean.effect.reopens');
    case VERBS.comment:
      return t(values.internal === 'true' ? 'commands:didYouMean.effect.note' : 'commands:didYouMean.effect.comment');
    default:
      return t('commands:didYouMean.effect.changes');
  }
}
