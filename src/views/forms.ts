/** Form builders: new ticket, comment/reply/note, resolve with note, assign, reopen, edit. */
import { VERBS } from '../core/verbs';
import { matchValue } from '../core/vocabulary';
import type { Ticket, Vocabulary } from '../helpdesk/types';
import { normalizeLocale, translator } from '../i18n';
import { valueLabel } from './format';
import { formWords } from './labels';
import { extraFields, extraFormValues } from './site-fields';
import type { FormField, FormFieldError, FormView, TicketFormName } from './types';

/** The inputs each of the ticket core's forms has, in order; an error on any other field is shown under the first. */
export const FORM_FIELDS: Readonly<Record<TicketFormName, readonly string[]>> = {
  'new-ticket': ['title', 'description', 'priority', 'category'],
  comment: ['comment', 'internal'],
  resolve: ['note'],
  assign: ['assignee'],
  reopen: ['reason'],
  edit: ['title', 'description', 'category'],
};

/**
 * The id of the input of a form's picker (FormView.picker): the form's submit and the picker's Use
 * button carry the pick under it. Neutral: which feature fills the picker is that feature's business.
 */
export const PICKER_INPUT = 'picked';

/** The input ids of a form of fields, in order (a row of times is one input per time; notes and previews are none). */
export function fieldInputs(fields: readonly FormField[]): string[] {
  return fields.flatMap((f) => (f.kind === 'times' ? f.times.map((x) => x.id) : f.kind === 'note' || f.kind === 'preview' ? [] : [f.id]));
}

/** The inputs of the ticket core's form `name`; none for any other name. */
export function ticketFormInputs(name: string): readonly string[] {
  return Object.hasOwn(FORM_FIELDS, name) ? FORM_FIELDS[name as TicketFormName] : [];
}

/** The priority a new ticket starts with: Normal when configured, else the middle one. */
export function defaultPriority(vocabulary: Vocabulary): string {
  const { priorities } = vocabulary;
  return matchValue(priorities, 'Normal') ?? priorities[Math.floor((priorities.length - 1) / 2)] ?? '';
}

/**
 * The priorities and categories to choose from, each shown as the reader's language names it; a
 * category the ticket holds that the site no longer offers stays among them, so it is still shown.
 */
function choices(vocabulary: Vocabulary, locale: string | undefined, heldCategory = ''): Pick<FormView, 'priorities' | 'categories'> {
  const t = translator(locale);
  const categories = [...vocabulary.categories];
  if (heldCategory.trim() && matchValue(categories, heldCategory) === undefined) categories.push(heldCategory);
  return {
    priorities: vocabulary.priorities.map((value) => ({ value, title: valueLabel(t, 'priority', value) })),
    categories: categories.map((value) => ({ value, title: valueLabel(t, 'category', value) })),
  };
}

/** The site's part of a ticket form: which known fields it requires (new ticket) and its extra columns as fields. */
function siteParts(vocabulary: Vocabulary, values: Record<string, string>, creating: boolean, locale: string | undefined): Pick<FormView, 'required' | 'extraFields'> {
  const out: Pick<FormView, 'required' | 'extraFields'> = {};
  if (creating && vocabulary.site?.required.length) out.required = [...vocabulary.site.required];
  const fields = extraFields(vocabulary, values, creating, locale);
  if (fields.length) out.extraFields = fields;
  return out;
}

/** The input ids a form has: its own fields, then its extra columns'. An error on any other field is shown under the first. */
export function formInputs(form: Pick<FormView, 'form' | 'extraFields' | 'fields'>): string[] {
  if (form.fields) return fieldInputs(form.fields);
  return [...ticketFormInputs(form.form), ...(form.extraFields ?? []).map((f) => f.id)];
}

/** The new-ticket form; `values` are kept as typed so a failed submit loses nothing. */
export function newTicketForm(
  vocabulary: Vocabulary,
  values: Record<string, string> = {},
  errors: FormFieldError[] = [],
  sourceLink?: string,
  locale?: string,
): FormView {
  const title = translator(locale)('views:form.newTicket');
  // Priority starts at Normal; category starts empty so the form prompts for one rather than guessing.
  const kept = { title: '', description: '', priority: defaultPriority(vocabulary), category: '', ...values };
  const form: FormView = {
    locale: normalizeLocale(locale),
    form: 'new-ticket',
    title,
    submitVerb: VERBS.create,
    values: kept,
    errors,
    ...choices(vocabulary, locale),
    ...formWords(title, kept, 'new-ticket', locale),
    ...siteParts(vocabulary, kept, true, locale),
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
  const heading = formTitle(title, ticket, locale);
  return {
    locale: normalizeLocale(locale),
    form: kind,
    title: heading,
    submitVerb,
    ticketId: ticket.id,
    etag: ticket.etag,
    values,
    errors,
    ...choices(vocabulary, locale, kind === 'edit' ? values.category : ''),
    ...formWords(heading, values, kind, locale),
    ...(kind === 'edit' ? siteParts(vocabulary, values, false, locale) : {}),
  };
}

/**
 * The form again after someone else changed the ticket first: headed by the ticket as it is now,
 * keeping what was typed, with `reason` under the first field so a second submit applies anyway.
 */
export function retryForm(
  kind: FormView['form'],
  submitVerb: FormView['submitVerb'],
  current: { id: number; etag: string; title: string; statusLabel: string; assigneeName: string },
  vocabulary: Vocabulary,
  typed: Record<string, string>,
  reason: string,
  locale?: string,
): FormView {
  const t = translator(locale);
  const status = current.statusLabel;
  const message = current.assigneeName ? t('views:form.nowStatusAssigned', { reason, status, assignee: current.assigneeName }) : t('views:form.nowStatus', { reason, status });
  const form = ticketForm(kind, kind, submitVerb, current, vocabulary, typed, [{ field: ticketFormInputs(kind)[0] ?? '', message }], locale);
  form.title = `#${current.id} ${current.title}`;
  form.openText = t('views:form.open', { title: form.title });
  form.allowInternal = kind === 'comment' && 'internal' in typed;
  form.allowCategory = kind === 'edit' && 'category' in typed;
  return form;
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
  // Both name and address: two agents may share a name, and the field also takes a typed address.
  form.assignees = assignees.map((a) => ({ value: a.email, title: a.name ? `${a.name} (${a.email})` : a.email }));
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
 * get the category, requesters title and description only. Both get the site's extra columns.
 */
export function editForm(
  ticket: Pick<Ticket, 'id' | 'etag' | 'title' | 'description' | 'category' | 'extra'>,
  vocabulary: Vocabulary,
  isAgent: boolean,
  values: Record<string, string> = {},
  errors: FormFieldError[] = [],
  locale?: string,
): FormView {
  const current = {
    title: ticket.title,
    description: ticket.description,
    category: matchValue(vocabulary.categories, ticket.category) ?? ticket.category ?? '',
    ...extraFormValues(vocabulary, ticket.extra),
  };
  const form = ticketForm('edit', 'edit', VERBS.edit, ticket, vocabulary, { ...current, ...values }, errors, locale);
  form.allowCategory = isAgent;
  return form;
}
