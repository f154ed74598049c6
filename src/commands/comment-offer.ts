/**
 * A reply to a notification DM is offered as a comment (17.1): free text in a personal chat that
 * answers a notification about ticket N gets "Add as comment on #N" (one click stores it exactly
 * as typed) and "File as a new ticket" instead. It answers one when it is a threaded or quoted
 * reply to it, when it comes in the same turn (shortly after the DM), or when its words are about
 * that ticket (they share its words). A resolved ticket (a merged one is resolved) is never offered.
 */
import { commandLogger } from './logger';
import { isDone, VERBS } from '../core';
import type { View } from '../views/types';
import { keptIfLong } from './drafts';
import { tr } from './respond';
import type { CommandContext, Reply } from './types';

/** What one button's data may take before it is kept as a draft (two of them share one card). */
const BUTTON_ROOM = 4000;

/** How long after a notification DM a plain message, whatever its words, is the same turn: a reply to it. */
export const REPLY_TURN_MS = 10 * 60_000;

/** How long after a notification DM a plain message about its ticket (sharing its words) is taken as a reply to it. */
export const REPLY_WINDOW_MS = 24 * 3600_000;

// Words that say nothing about which ticket is meant (English and German; people type either).
const FILLER = new Set(`about after again also always another anymore anyone because been before being cannot could does doing
  done dont from have having help hello just keep keeps know like little make more morning most much need needs only other please
  problem really same should since some something still than thank thanks that their them then there these they thing this
  today tried trying very want wants what when where which while will with without wont work working works would your yours
  aber alle auch bitte dann dass doch einen einem einer gibt habe haben heute hilfe immer jetzt kann kein keine mehr meine
  mich nicht noch oder schon sein seit sind wieder wird wurde`.split(/\s+/));

/** The words of a text that could name a ticket's subject: four letters or more, filler left out, a plural's -s dropped. */
function subjectWords(text: string): Set<string> {
  const words = text.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '').match(/\p{L}[\p{L}\p{N}]{3,}/gu) ?? [];
  return new Set(words.filter((w) => !FILLER.has(w)).map((w) => (w.length > 4 ? w.replace(/(e?s)$/, '') : w)));
}

/** True when `text` shares a subject word with the ticket's title or description. */
function isAbout(text: string, ticket: { title: string; description: string }): boolean {
  const theirs = subjectWords(`${ticket.title}\n${ticket.description}`);
  return [...subjectWords(text)].some((w) => theirs.has(w));
}

/** The ticket this free text may answer: the one the channel saw it reply to, or the last notification's of the past day. */
async function answeredTicket(ctx: CommandContext, now: number): Promise<{ id: number; sameTurn: boolean } | undefined> {
  if (ctx.replyTo) return { id: ctx.replyTo, sameTurn: true };
  try {
    const last = await ctx.notifications?.lastNotice(ctx.actor.email);
    const age = last ? now - Date.parse(last.at) : Infinity;
    if (last && age <= REPLY_WINDOW_MS) return { id: last.ticketId, sameTurn: age <= REPLY_TURN_MS };
  } catch (err) {
    // Without the memory the text is still offered as a new ticket: nothing typed is lost.
    const logger = commandLogger(ctx);
    logger.warn('last notice unreadable; free text is offered as a new ticket', { error: err });
  }
  return undefined;
}

/**
 * The offer, or undefined when the text answers no notification, is not about its ticket, the
 * ticket is resolved, or the person may not comment on it (then the caller offers a new ticket).
 */
export async function commentOffer(ctx: CommandContext, text: string, draft: { title: string; description: string }, now = Date.now()): Promise<Reply | undefined> {
  const answered = await answeredTicket(ctx, now);
  if (!answered) return undefined;
  // Not found, not theirs, or the service unavailable (it logged why): a new ticket is offered as before.
  const ticket = await ctx.helpdesk.getTicket(ctx.actor, answered.id).catch(() => undefined);
  if (!ticket || isDone(ctx.helpdesk.vocabulary, ticket.status)) return undefined;
  if (!answered.sameTurn && !isAbout(text, ticket)) return undefined;
  // Both buttons carry the text: a long one is kept as a draft so the card stays within Teams' size.
  const [asComment, asTicket] = await Promise.all([
    keptIfLong(ctx, { comment: text, internal: 'false' }, BUTTON_ROOM),
    keptIfLong(ctx, { ...draft }, BUTTON_ROOM),
  ]);
  const t = tr(ctx);
  const view: View = {
    type: 'confirmation',
    confirmation: {
      message: t('commands:commentOffer.question', { id: ticket.id, title: ticket.title }),
      actions: [
        { verb: VERBS.comment, title: t('commands:commentOffer.asComment', { id: ticket.id }), style: 'positive', ticketId: ticket.id, data: asComment },
        { verb: VERBS.newForm, title: t('commands:commentOffer.asTicket'), data: asTicket },
      ],
    },
  };
  return { view, visibility: 'private', ticketId: ticket.id };
}
