/** Saved replies' screens: the list, the add/edit form, the picker of reply and resolve forms, the picker's choices. */
import { VERBS } from '../../core/verbs';
import type { SavedReply } from '../../core/saved-replies';
import type { Ticket } from '../../helpdesk/types';
import { normalizeLocale, translator } from '../../i18n';
import { formWords } from '../../views/labels';
import type { Choice, ConfirmationView, FormFieldError, FormPicker, FormView } from '../../views/types';

/** The add/edit form's name, as its command declares it. */
export const SAVED_REPLY_FORM = 'saved-reply';

/** How much of a body the list and the picker show. */
const PREVIEW = 80;

function preview(body: string, max = PREVIEW): string {
  const line = body.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** The desk's saved replies, one line each, with a button to add one. */
export function savedReplyList(replies: readonly SavedReply[], locale?: string): ConfirmationView {
  const t = translator(locale);
  const addButton = { verb: VERBS.repliesForm, title: t('saved-replies:list.add'), style: 'positive' as const };
  if (replies.length === 0) return { message: t('saved-replies:list.empty'), actions: [addButton] };
  const lines = replies.map((r) => t('saved-replies:list.line', { name: r.name, preview: preview(r.body) }));
  return { message: [t('saved-replies:list.title', { count: replies.length }), ...lines, '', t('saved-replies:list.use')].join('\n'), actions: [addButton] };
}

/** The variables a body may use, as the form's hint and errors name them. */
export function variableNames(variables: readonly string[]): string {
  return variables.map((v) => `{{${v}}}`).join(', ');
}

/** The form that adds a saved reply (no `original`) or edits the one named `original`. */
export function savedReplyForm(values: Record<string, string>, errors: FormFieldError[], variables: readonly string[], locale?: string, original?: string): FormView {
  const t = translator(locale);
  const title = original ? t('saved-replies:form.editTitle', { name: original }) : t('saved-replies:form.addTitle');
  const words = formWords(title, values, SAVED_REPLY_FORM, locale);
  const form: FormView = {
    locale: normalizeLocale(locale),
    form: SAVED_REPLY_FORM,
    title,
    submitVerb: VERBS.repliesSave,
    values: { name: '', body: '', ...values },
    errors,
    priorities: [],
    categories: [],
    ...words,
    fields: [
      { kind: 'text', id: 'name', label: t('saved-replies:form.name'), placeholder: t('saved-replies:form.namePlaceholder'), max: 40, required: true, missing: t('saved-replies:form.nameError') },
      { kind: 'text', id: 'body', label: t('saved-replies:form.body'), hint: t('saved-replies:form.bodyHint', { variables: variableNames(variables) }), multiline: true, max: 3000, required: true, missing: t('saved-replies:form.bodyError') },
    ],
    submitTitle: words.labels.save,
    // Offered in a message (`replies add vpn`), its button opens the form with the name typed.
    carried: ['name'],
  };
  if (original) form.hidden = { original };
  return form;
}

/**
 * The picker a reply or resolve form gets: `first` are offered before anything is typed (Teams
 * lists them; typing searches them all), and `verb` opens the form again with the pick filled in.
 */
export function savedReplyPicker(verb: FormView['submitVerb'], first: readonly SavedReply[], locale?: string): FormPicker {
  const t = translator(locale);
  return { label: t('saved-replies:picker.label'), placeholder: t('saved-replies:picker.placeholder'), use: t('saved-replies:picker.use'), verb, choices: first.map(savedReplyChoice) };
}

/** One saved reply as a picker choice: its name, and the start of its text. */
export function savedReplyChoice(reply: SavedReply): Choice {
  return { value: reply.name, title: `${reply.name} — ${preview(reply.body, 60)}` };
}

/** The values a saved reply's variables come from, for one ticket and agent. */
export function replyValuesOf(ticket: Pick<Ticket, 'id' | 'title' | 'submittedByName' | 'submittedByEmail'>, agent: { name: string; email: string }) {
  return { requester: { name: ticket.submittedByName, email: ticket.submittedByEmail }, ticket: { id: ticket.id, title: ticket.title }, agent };
}
