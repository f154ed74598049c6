/** The answers' screens: the list, the add/edit form with its preview, and the offer before a ticket. */
import type { AnswerRecord } from '../../core/answers';
import type { Verb } from '../../core';
import { REPLY_VARIABLES, renderReply } from '../../views/reply-template';
import { normalizeLocale, translator } from '../../i18n';
import { formWords } from '../../views/labels';
import type { ActionView, ConfirmationSection, ConfirmationView, FormFieldError, FormView } from '../../views/types';
import { ANSWER_VERBS } from './answer-verbs';

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
  const form: FormView = {
    locale: normalizeLocale(locale),
    form: 'answer',
    title,
    submitVerb: ANSWER_VERBS.save,
    values: v,
    errors,
    priorities: [],
    categories: [],
    ...formWords(title, v, 'answer', locale),
    answerWords: {
      name: t('answers:form.name'),
      namePlaceholder: t('answers:form.namePlaceholder'),
      title: t('answers:form.title'),
      body: t('answers:form.body'),
      bodyHint: t('answers:form.bodyHint', { variables: REPLY_VARIABLES.map((x) => `{{${x}}}`).join(', ') }),
      phrases: t('answers:form.phrases'),
      language: t('answers:form.language'),
      languages: (['en', 'de'] as const).map((value) => ({ value, title: t(`answers:language.${value}`) })),
      shown: t('answers:form.shown'),
      shownChoices: [{ value: 'true', title: t('answers:form.shownYes') }, { value: 'false', title: t('answers:form.shownNo') }],
      preview: t('answers:form.preview'),
      previewTitle: v.title.trim(),
      previewLines: v.body ? linesOf(publicText({ title: v.title, body: v.body, sourceTicket: source }, {})) : [],
      source: source ? t('answers:form.fromTicket', { id: source }) : '',
      missing: { name: t('answers:nameEmpty'), title: t('answers:titleEmpty'), body: t('answers:bodyEmpty'), phrases: t('answers:phrasesEmpty') },
    },
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
