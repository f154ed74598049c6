/** Form builders: new ticket, comment/reply/note, resolve with note, assign. */
import { VERBS } from '../core/verbs';
import type { Ticket, Vocabulary } from '../helpdesk/types';
import type { FormFieldError, FormView } from './types';

/** The new-ticket form; `values` are kept as typed so a failed submit loses nothing. */
/** The inputs each form has, in order; an error on any other field is shown under the first. */
export const FORM_FIELDS: Readonly<Record<FormView['form'], readonly string[]>> = {
  'new-ticket': ['title', 'description', 'priority', 'category'],
  comment: ['comment', 'internal'],
  resolve: ['note'],
  assign: ['assignee'],
};

export function newTicketForm(
  vocabulary: Vocabulary,
  values: Record<string, string> = {},
  errors: FormFieldError[] = [],
  sourceLink?: string,
): FormView {
  const form: FormView = {
    form: 'new-ticket',
    title: 'New ticket',
    submitVerb: VERBS.create,
    values: { title: '', description: '', priority: '', category: '', ...values },
    errors,
    priorities: vocabulary.priorities,
    categories: vocabulary.categories,
  };
  if (sourceLink) form.sourceLink = sourceLink;
  return form;
}

function ticketForm(
  kind: FormView['form'],
  title: string,
  submitVerb: FormView['submitVerb'],
  ticket: Pick<Ticket, 'id' | 'etag'> & { title?: string },
  vocabulary: Vocabulary,
  values: Record<string, string>,
  errors: FormFieldError[],
): FormView {
  return {
    form: kind,
    title: ticket.title ? `${title} — #${ticket.id} ${ticket.title}` : `${title} — #${ticket.id}`,
    submitVerb,
    ticketId: ticket.id,
    etag: ticket.etag,
    values,
    errors,
    priorities: vocabulary.priorities,
    categories: vocabulary.categories,
  };
}

/** Comment form; agents may choose internal (note) or public (reply). */
export function commentForm(
  ticket: Pick<Ticket, 'id' | 'etag'> & { title?: string },
  vocabulary: Vocabulary,
  isAgent: boolean,
  values: Record<string, string> = {},
  errors: FormFieldError[] = [],
): FormView {
  const internal = isAgent && values.internal === 'true' ? 'true' : 'false';
  const label = !isAgent ? 'Comment' : internal === 'true' ? 'Internal note' : 'Reply';
  const form = ticketForm('comment', label, VERBS.comment, ticket, vocabulary, { comment: '', ...values, internal }, errors);
  form.allowInternal = isAgent;
  return form;
}

/** Resolve form with an optional public resolution note. */
export function resolveForm(
  ticket: Pick<Ticket, 'id' | 'etag'> & { title?: string },
  vocabulary: Vocabulary,
  values: Record<string, string> = {},
  errors: FormFieldError[] = [],
): FormView {
  return ticketForm('resolve', 'Resolve', VERBS.resolve, ticket, vocabulary, { note: '', ...values }, errors);
}

/** Assign form: pick an active agent or type an address. */
export function assignForm(
  ticket: Pick<Ticket, 'id' | 'etag'> & { title?: string },
  vocabulary: Vocabulary,
  assignees: { name: string; email: string }[],
  values: Record<string, string> = {},
  errors: FormFieldError[] = [],
): FormView {
  const form = ticketForm('assign', 'Assign', VERBS.assign, ticket, vocabulary, { assignee: '', ...values }, errors);
  form.assignees = assignees;
  return form;
}
