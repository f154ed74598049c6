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

/** What a suggestion says about its ticket; `reopens` when the run would reopen a finished ticket (the answer then reads as a warning). */
export interface SuggestionEffect {
  text: string;
  reopens: boolean;
}

/** The ticket's title and state and what the run does to it; undefined for a command that changes no ticket. */
export async function suggestionEffect(ctx: CommandContext, input: CommandInput, writes: boolean): Promise<SuggestionEffect | undefined> {
  if (!writes || input.ticketId === undefined) return undefined;
  const ticket = await readable(ctx, input.ticketId);
  if (!ticket) return undefined;
  const t = tr(ctx);
  const effect = await effectOf(ctx, input.verb as Verb, input.values ?? {}, ticket);
  const reopens = effect.key === 'reopensAs' || effect.key === 'reopens';
  return { text: t('commands:didYouMean.state', { id: ticket.id, title: ticket.title, status: valueLabel(t, 'status', ticket.status), effect: effect.text }), reopens };
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

/** One clause: what the verb does to this ticket, with the value it sets as the reader's language names it, and its catalog key. */
async function effectOf(ctx: CommandContext, verb: Verb, values: Readonly<Record<string, string>>, ticket: Ticket): Promise<{ key: string; text: string }> {
  const t = tr(ctx);
  const said = (key: string, vars: Record<string, unknown> = {}) => ({ key, text: t(`commands:didYouMean.effect.${key}`, vars) });
  const vocabulary = ctx.helpdesk.vocabulary;
  const canonical = async (field: 'status' | 'priority', typed: string) => matchValue(await ctx.helpdesk.valuesFor(field, typed), typed) ?? typed;
  switch (verb) {
    case VERBS.status: {
      const status = await canonical('status', values.status ?? '');
      if (isDone(vocabulary, status)) return said('resolves');
      return said(isDone(vocabulary, ticket.status) ? 'reopensAs' : 'sets', { value: valueLabel(t, 'status', status) });
    }
    case VERBS.priority:
      return said('priority', { value: valueLabel(t, 'priority', await canonical('priority', values.priority ?? '')) });
    case VERBS.claim:
      return said('claims');
    case VERBS.assign:
      return said('assigns', { who: values.assignee ?? '' });
    case VERBS.resolve:
      return said('resolves');
    case VERBS.reopen:
      return said('reopens');
    case VERBS.comment:
      return said(values.internal === 'true' ? 'note' : 'comment');
    default:
      return said('changes');
  }
}
