/** The answers' screens: the list, the add/edit form with its preview, and the offer before a ticket. */
import type { AnswerRecord } from '../../core/answers';
import type { Verb } from '../../core';
import { REPLY_VARIABLES, renderReply } from '../../views/reply-template';
import { normalizeLocale, translator } from '../../i18n';
import { formWords } from '../../views/labels';
import type { ActionView, ConfirmationSection, ConfirmationView, FormField, FormFieldError, FormView } from '../../views/types';
import { ANSWER_VERBS } from './answer-verbs';

/** The add/edit form's name, as its command declares it, and its inputs. */
export const ANSWER_FORM = 'answer';
export const ANSWER_INPUTS = ['name', 'title', 'body', 'phrases', 'language', 'shown'];

/** A text's lines, blank ones left out: each is shown on its own, whole. */
function linesOf(text: string): string[] {
  return text.split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
}

/** An answer's text as a requester reads it: its variables filled for that person. */
export function publicText(answer: Pick<AnswerRecord, 'title' | 'body' | 'sourceTicket'>, requester: { name?: string; email?: string }): string {
  return renderReply(answer.body, { requester, ticket: { id: answer.sourceTicket ?? 0, title: answer.title }, agent: {} });
}

/** The desk's answers, one line each, with a button to add one. */
export function answerList(answers: readonly AnswerRecord[], locale?: string): ConfirmationView {
  const t = translator(locale);
  const add: ActionView = { verb: ANSWER_VERBS.form, title: t('answers:list.add'), style: 'positive' };
  if (!answers.length) return { message: t('answers:list.empty'), actions: [add] };
  const lines = answers.map((a) => t('answers:list.line', {
    name: a.name, title: a.title, language: t(`answers:language.${a.language}`), hidden: a.shown ? '' : t('answers:list.hidden'),
  }));
  return { message: [t('answers:list.title', { count: answers.length }), ...lines].join('\n'), actions: [add] };
}

/** The form that adds an answer (no `original`) or edits the one named `original`; it shows what requesters will read. */
export function answerForm(values: Record<string, string>, errors: FormFieldError[], locale?: string, original?: string): FormView {
  const t = translator(locale);
  const title = original ? t('answers:form.editTitle', { name: original }) : t('answers:form.addTitle');
  const v = { name: '', title: '', body: '', phrases: '', language: normalizeLocale(locale) === 'de' ? 'de' : 'en', shown: 'true', ...values };
  const source = Number(values.sourceTicket) || undefined;
  const words = formWords(title, v, ANSWER_FORM, locale);
  const fields: FormField[] = [
    ...(source ? [{ kind: 'note' as const, text: t('answers:form.fromTicket', { id: source }), small: true }] : []),
    { kind: 'text', id: 'name', label: t('answers:form.name'), placeholder: t('answers:form.namePlaceholder'), max: 40, required: true, missing: t('answers:nameEmpty') },
    { kind: 'text', id: 'title', label: t('answers:form.title'), max: 255, required: true, missing: t('answers:titleEmpty') },
    { kind: 'text', id: 'body', label: t('answers:form.body'), hint: t('answers:form.bodyHint', { variables: REPLY_VARIABLES.map((x) => `{{${x}}}`).join(', ') }), multiline: true, max: 3000, required: true, missing: t('answers:bodyEmpty') },
    { kind: 'text', id: 'phrases', label: t('answers:form.phrases'), multiline: true, max: 1000, required: true, missing: t('answers:phrasesEmpty') },
    { kind: 'choice', id: 'language', label: t('answers:form.language'), choices: (['en', 'de'] as const).map((value) => ({ value, title: t(`answers:language.${value}`) })), style: 'compact', required: true },
    { kind: 'choice', id: 'shown', label: t('answers:form.shown'), choices: [{ value: 'true', title: t('answers:form.shownYes') }, { value: 'false', title: t('answers:form.shownNo') }], style: 'compact', required: true },
  ];
  // What requesters will read: the title, then the text's lines (nothing until something is typed).
  const previewLines = v.body ? linesOf(publicText({ title: v.title, body: v.body, sourceTicket: source }, {})) : [];
  if (v.title.trim() || previewLines.length) fields.push({ kind: 'preview', label: t('answers:form.preview'), title: v.title.trim(), lines: previewLines });
  const form: FormView = {
    locale: normalizeLocale(locale),
    form: ANSWER_FORM,
    title,
    submitVerb: ANSWER_VERBS.save,
    values: v,
    errors,
    priorities: [],
    categories: [],
    ...words,
    fields,
    submitTitle: words.labels.save,
    // Offered in a message (a 📖 on a thread's message), its button opens the form with everything filled in.
    carried: ANSWER_INPUTS,
  };
  const hidden: Record<string, string> = {};
  if (original) hidden.original = original;
  if (source) hidden.sourceTicket = String(source);
  if (Object.keys(hidden).length) form.hidden = hidden;
  if (source) form.ticketId = source;
  return form;
}

/**
 * The offer before a ticket: each answer as a part of its own (its title, the whole text as its
 * lines, and a short "This solved it" under it), then "File the ticket", which opens the
 * new-ticket form with everything typed.
 */
export function offerView(
  answers: readonly AnswerRecord[],
  requester: { name?: string; email?: string },
  offer: { id: string; fileVerb: Verb; draft: Record<string, string> },
  locale?: string,
): ConfirmationView {
  const t = translator(locale);
  const sections: ConfirmationSection[] = answers.map((a) => ({
    heading: a.title,
    lines: linesOf(publicText(a, requester)),
    actions: [{ verb: ANSWER_VERBS.solved, title: t('answers:offer.solved'), style: 'positive', data: { answer: a.name, offer: offer.id, language: a.language } }],
  }));
  return {
    message: t('answers:offer.intro', { count: answers.length }),
    sections,
    actions: [{ verb: offer.fileVerb, title: t('answers:offer.file'), data: offer.draft }],
  };
}
