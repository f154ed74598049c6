/**
 * What Save as answer (and a 📖 on a message in a ticket's thread) puts in the answer form: the
 * ticket's title and its public resolution note, or the message given. Nothing private: internal
 * notes and the requester's own comments are never taken (unless the requester is an agent, whose
 * own note resolved it), and the requester's name and address are taken out of what is (their
 * first name becomes the {{requester.firstName}} variable).
 */
import type { Reply } from '../../commands/types';
import type { CommandContext } from '../../commands/types';
import { errorReply, tr } from '../../commands/respond';
import { isDone, sameAddress } from '../../core/vocabulary';
import { answerKey } from './store';
import { answerLanguage } from '../../store/search-stems';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `text` with the person's address and name taken out. */
export function withoutPerson(text: string, person: { name: string; email: string }): string {
  let out = person.email ? text.replace(new RegExp(escape(person.email), 'gi'), '') : text;
  const parts = person.name.split(/\s+/).filter((p) => p.length >= 2 && !p.includes('@'));
  if (parts.length > 1) out = out.replace(new RegExp(`\\b${escape(parts.join(' '))}\\b`, 'giu'), parts[0]);
  const [first, ...rest] = parts;
  for (const p of rest) out = out.replace(new RegExp(`\\b${escape(p)}\\b`, 'giu'), '');
  if (first) out = out.replace(new RegExp(`\\b${escape(first)}\\b`, 'giu'), '{{requester.firstName}}');
  return out.replace(/[ \t]{2,}/g, ' ').replace(/ +([,.!?])/g, '$1').trim();
}

/** The form's values from ticket `id` (its resolution note, or `message` when one is given). */
export async function prefillFromTicket(ctx: CommandContext, id: number, message?: string): Promise<{ values: Record<string, string> } | { refusal: Reply }> {
  const { ticket, comments } = await ctx.helpdesk.getTicketWithComments(ctx.actor, id);
  const requester = { name: ticket.submittedByName, email: ticket.submittedByEmail };
  let body = message ?? '';
  if (!message) {
    if (!isDone(ctx.helpdesk.vocabulary, ticket.status)) return { refusal: errorReply(tr(ctx)('answers:notResolved', { id })) };
    // The requester's own comments are not the fix, unless the requester is an agent who resolved their own ticket.
    const ownNotes = await ctx.helpdesk.isAgent(ticket.submittedByEmail);
    const note = [...comments].reverse().find((c) => !c.isInternal && (ownNotes || !sameAddress(c.authorEmail, ticket.submittedByEmail)));
    body = note?.body ?? '';
  }
  const title = withoutPerson(ticket.title, requester);
  return {
    values: {
      name: answerKey(title).slice(0, 40).replace(/-+$/, ''),
      title,
      body: withoutPerson(body, requester),
      phrases: title.toLowerCase(),
      language: answerLanguage(ctx.locale),
      shown: 'true',
      sourceTicket: String(id),
    },
  };
}
