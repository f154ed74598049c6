/** Form builders: new ticket, comment/reply/note, resolve with note, assign, reopen, edit. */
import { VERBS } from '../core/verbs';
import { matchValue } from '../core/vocabulary';
import type { Ticket, Vocabulary } from '../helpdesk/types';
import type { FormFieldError, FormView } from './types';

/** The new-ticket form; `values` are kept as typed so a failed submit loses nothing. */
/** The inputs each form has, in order; an error on any other field is shown under the first. */
export const FORM_FIELDS: Readonly<Record<FormView['form'], readonly string[]>> = {
  'new-ticket': ['title', 'description', 'priority', 'category'],
  comment: ['comment', 'internal'],
  resolve: ['note'],
  assign: ['assignee'],
  reopen: ['reason'],
  edit: ['title', 'description', 'category'],
};

/** The priority a new ticket starts with: Normal when configured, else the middle one. */
export function defaultPriority(vocabulary: Vocabulary): string {
  const { priorities } = vocabulary;
  return matchValue(priorities, 'Normal') ?? priorities[Math.floor((priorities.length - 1) / 2)] ?? '';
}

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
    // Priority starts at Normal; category starts empty so the form prompts for one rather than guessing.
    values: { title: '', description: '', priority: defaultPriority(vocabulary), category: '', ...values },
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

/** Reopen form: the reason is required and is posted as a public comment. */
export function reopenForm(
  ticket: Pick<Ticket, 'id' | 'etag'> & { title?: string },
  vocabulary: Vocabulary,
  values: Record<string, string> = {},
  errors: FormFieldError[] = [],
): FormView {
  return ticketForm('reopen', 'Reopen', VERBS.reopen, ticket, vocabulary, { reason: '', ...values }, errors);
}

/**
 * Edit form, filled with the ticket as the person saw it (its etag guards the save); agents also
 * get the category, requesters title and description only.
 */
export function editForm(
  ticket: Pick<Ticket, 'id' | 'etag' | 'title' | 'description' | 'category'>,
  vocabulary: Vocabulary,
  isAgent: boolean,
  values: Record<string, string> = {},
  errors: FormFieldError[] = [],
): FormView {
  const current = { title: ticket.title, description: ticket.description, category: matchValue(vocabulary.categories, ticket.category) ?? '' };
  const form = ticketForm('edit', 'Edit', VERBS.edit, ticket, vocabulary, { ...current, ...values }, errors);
  form.allowCategory = isAgent;
  return form;
}
