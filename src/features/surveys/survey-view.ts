/** The satisfaction survey's screens: the DM with its rating buttons, the thanks, the comment form, the `csat` report. */
import { VERBS } from '../../core/verbs';
import type { Survey, SurveyScale } from '../../core/satisfaction';
import type { Ticket } from '../../helpdesk/types';
import { normalizeLocale, translator, type Translate } from '../../i18n';
import { formWords } from '../../views/labels';
import { noticeWith, type NoticeView } from '../../views/notice-view';
import type { ActionView, Choice, ConfirmationView, FormFieldError, FormView } from '../../views/types';

/** The survey's form, as its command declares it. */
export const SURVEY_FORM = 'survey';

/** The ratings a scale offers, best last: the stored value and how it reads. */
export function ratingChoices(scale: SurveyScale, locale?: string): Choice[] {
  const t = translator(locale);
  if (scale === 'thumbs') return [{ value: '5', title: t('surveys:thumbsUp') }, { value: '1', title: t('surveys:thumbsDown') }];
  // Each button names its place on the scale: "1 – Poor" … "5 – Great".
  return ['1', '2', '3', '4', '5'].map((value) => ({ value, title: t('surveys:rateButton', { rating: value, word: t(`surveys:scale.${value}`) }) }));
}

/** "4/5", or 👍/👎 on the thumbs scale. */
export function ratingText(t: Translate, rating: number, scale: SurveyScale): string {
  if (scale === 'thumbs') return t(rating >= 3 ? 'surveys:thumbsUp' : 'surveys:thumbsDown');
  return `${rating}/5`;
}

/**
 * The survey's buttons: each rating but the one given (`current`), and the comment form once
 * rated (at once on the thumbs scale). Never more than five: Teams shows at most five actions.
 */
export function surveyActions(survey: Pick<Survey, 'id' | 'ticketId' | 'scale'>, locale?: string, current?: number): ActionView[] {
  const t = translator(locale);
  const rate = ratingChoices(survey.scale, locale)
    .filter((c) => Number(c.value) !== current)
    .map((c): ActionView => ({ verb: VERBS.csatRate, title: c.title, ticketId: survey.ticketId, data: { survey: survey.id, rating: c.value } }));
  const comment: ActionView = { verb: VERBS.csatForm, title: t('surveys:commentButton'), ticketId: survey.ticketId, data: { survey: survey.id } };
  return current !== undefined || survey.scale === 'thumbs' ? [comment, ...rate] : rate;
}

/** The survey DM: the resolved ticket, the question, the rating buttons. */
export function surveyNotice(ticket: Ticket, survey: Survey, locale?: string): NoticeView {
  // The card's head names the ticket; the question does not say it again.
  const question = translator(locale)('surveys:question');
  return noticeWith(ticket, question, 'requester', surveyActions(survey, locale), locale);
}

/** What an answer brought: a first or same rating, a changed one, a comment. */
export type SurveyAnswerKind = 'rated' | 'changed' | 'comment';

/** The answer taken: what was rated (and that the comment arrived), with the buttons again so another click changes it. */
export function surveyThanks(survey: Survey, rating: number, said: SurveyAnswerKind, locale?: string): ConfirmationView {
  const t = translator(locale);
  const vars = { id: survey.ticketId, rating: ratingText(t, rating, survey.scale) };
  const key = { rated: 'surveys:thanks', changed: 'surveys:thanksChanged', comment: 'surveys:thanksComment' }[said];
  return { message: t(key, vars), actions: surveyActions(survey, locale, rating) };
}

/**
 * The DM after a rating: the resolution it was sent with (what was done, its note), then the
 * thanks in place of the question, with the buttons again. A Teams card or Slack message is
 * replaced by the answer to its click, so what it said stays only if the answer says it again.
 */
export function surveyThanksNotice(sent: NoticeView, survey: Survey, rating: number, said: SurveyAnswerKind, locale?: string): NoticeView {
  const thanks = surveyThanks(survey, rating, said, locale);
  return { ...sent, text: [sent.text, thanks.message].join('\n'), actions: thanks.actions ?? [] };
}

/** The form for a comment (and the rating) on one survey. */
export function surveyForm(survey: Pick<Survey, 'id' | 'ticketId' | 'scale'>, values: Record<string, string>, errors: FormFieldError[], locale?: string): FormView {
  const t = translator(locale);
  const title = t('surveys:formTitle', { id: survey.ticketId });
  const words = formWords(title, values, SURVEY_FORM, locale);
  return {
    locale: normalizeLocale(locale),
    form: SURVEY_FORM,
    title,
    submitVerb: VERBS.csatAnswer,
    ticketId: survey.ticketId,
    values: { rating: '', comment: '', ...values },
    errors,
    priorities: [],
    categories: [],
    ...words,
    fields: [
      { kind: 'choice', id: 'rating', label: t('surveys:rating'), placeholder: t('surveys:chooseRating'), choices: ratingChoices(survey.scale, locale), style: 'expanded' },
      { kind: 'text', id: 'comment', label: t('surveys:comment'), multiline: true, max: 2000 },
    ],
    submitTitle: words.labels.send,
    hidden: { survey: survey.id },
  };
}

/** What `csat [days]` reports, worked out from the surveys sent in that time. */
export interface CsatFigures {
  days: number;
  sent: number;
  answered: Survey[];
  /** Agent address -> display name. */
  names: ReadonlyMap<string, string>;
}

/** The `csat` report: average, count, response rate, per agent, the three latest comments. */
export function csatReport(f: CsatFigures, locale?: string): ConfirmationView {
  const t = translator(locale);
  const lng = normalizeLocale(locale);
  const avg = (list: Survey[]) => (list.reduce((n, s) => n + (s.rating ?? 0), 0) / list.length).toLocaleString(lng, { maximumFractionDigits: 1 });
  const lines = [t('surveys:report.title', { days: f.days })];
  if (f.sent === 0) return { message: [...lines, t('surveys:report.none', { days: f.days })].join('\n'), actions: [] };
  const answered = f.answered;
  lines.push(answered.length ? t('surveys:report.average', { average: `${avg(answered)}/5`, count: answered.length }) : t('surveys:report.noAnswers', { count: f.sent }));
  const rate = (answered.length / f.sent).toLocaleString(lng, { style: 'percent', maximumFractionDigits: 0 });
  lines.push(t('surveys:report.rate', { rate, answered: answered.length, count: f.sent }));
  const byAgent = new Map<string, Survey[]>();
  for (const s of answered) byAgent.set(s.agent.toLowerCase(), [...(byAgent.get(s.agent.toLowerCase()) ?? []), s]);
  if (byAgent.size) {
    lines.push('', t('surveys:report.byAgent'));
    for (const [agent, list] of [...byAgent].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]))) {
      lines.push(t('surveys:report.agentLine', { agent: agent ? (f.names.get(agent) ?? agent) : t('surveys:report.unknownAgent'), average: `${avg(list)}/5`, count: list.length }));
    }
  }
  const comments = answered.filter((s) => s.comment).sort((a, b) => (b.answeredAt ?? '').localeCompare(a.answeredAt ?? '')).slice(0, 3);
  if (comments.length) {
    lines.push('', t('surveys:report.comments'));
    for (const s of comments) lines.push(t('surveys:report.commentLine', { id: s.ticketId, rating: ratingText(t, s.rating ?? 0, s.scale), comment: s.comment }));
  }
  return { message: lines.join('\n'), actions: [] };
}
