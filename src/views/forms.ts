/** Form builders: new ticket, comment/reply/note, resolve with note, assign, reopen, edit. */
import { VERBS } from '../core/verbs';
import { matchValue } from '../core/vocabulary';
import type { Ticket, Vocabulary } from '../helpdesk/types';
import { normalizeLocale, translator } from '../i18n';
import type { FormFieldError, FormView } from './types';

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

/** The new-ticket form; `values` are kept as typed so a failed submit loses nothing. */
export function newTicketForm(
  vocabulary: Vocabulary,
  values: Record<string, string> = {},
  errors: FormFieldError[] = [],
  sourceLink?: string,
  locale?: string,
): FormView {
  const form: FormView = {
    locale: normalizeLocale(locale),
    form: 'new-ticket',
    title: translator(locale)('views:form.newTicket'),
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

/** A form's title: "Reply — #12 Printer jams" in the reader's language. */
function formTitle(kind: string, ticket: { id: number; title?: string }, locale: string | undefined): string {
  const t = translator(locale);
  const title = t(`views:form.${kind}`);
  return ticket.title ? t('views:form.titleWithTicket', { title, id: ticket.id, ticketTitle: ticket.title }) : t('views:form.titleWithId', { title, id: ticket.id });
}

function ticketForm(
  kind: FormView['form'],
  title: string,
  submitVerb: FormView['submitVerb'],
  ticket: Pick<Ticket, 'id' | 'etag'> & { title?: string },
  vocabulary: Vocabulary,
  values: Record<string, string>,
  errors: FormFieldError[],
  locale: string | undefined,
): FormView {
  return {
    locale: normalizeLocale(locale),
    form: kind,
    title: formTitle(title, ticket, locale),
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
  locale?: string,
): FormView {
  const internal = isAgent && values.internal === 'true' ? 'true' : 'false';
  const label = !isAgent ? 'comment' : internal === 'true' ? 'internalNote' : 'reply';
  const form = ticketForm('comment', label, VERBS.comment, ticket, vocabulary, { comment: '', ...values, internal }, errors, locale);
  form.allowInternal = isAgent;
  return form;
}

/** Resolve form with an optional public resolution note. */
export function resolveForm(
  ticket: Pick<Ticket, 'id' | 'etag'> & { title?: string },
  vocabulary: Vocabulary,
  values: Record<string, string> = {},
  errors: FormFieldError[] = [],
  locale?: string,
): FormView {
  return ticketForm('resolve', 'resolve', VERBS.resolve, ticket, vocabulary, { note: '', ...values }, errors, locale);
}

/** Assign form: pick an active agent or type an address. */
export function assignForm(
  ticket: Pick<Ticket, 'id' | 'etag'> & { title?: string },
  vocabulary: Vocabulary,
  assignees: { name: string; email: string }[],
  values: Record<string, string> = {},
  errors: FormFieldError[] = [],
  locale?: string,
): FormView {
  const form = ticketForm('assign', 'assign', VERBS.assign, ticket, vocabulary, { assignee: '', ...values }, errors, locale);
  form.assignees = assignees;
  return form;
}

/** Reopen form: the reason is required and is posted as a public comment. */
export function reopenForm(
  ticket: Pick<Ticket, 'id' | 'etag'> & { title?: string },
  vocabulary: Vocabulary,
  values: Record<string, string> = {},
  errors: FormFieldError[] = [],
  locale?: string,
): FormView {
  return ticketForm('reopen', 'reopen', VERBS.reopen, ticket, vocabulary, { reason: '', ...values }, errors, locale);
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
  locale?: string,
): FormView {
  const current = { title: ticket.title, description: ticket.description, category: matchValue(vocabulary.categories, ticket.category) ?? '' };
  const form = ticketForm('edit', 'edit', VERBS.edit, ticket, vocabulary, { ...current, ...values }, errors, locale);
  form.allowCategory = isAgent;
  return form;
}
