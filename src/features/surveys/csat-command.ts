/**
 * The satisfaction survey from the requester's side (a rating button, the comment form and its
 * submit) and `csat [days]`, the agents' report. The survey itself is sent by src/features/surveys/survey-planning.ts.
 */
import { sameAddress, SURVEY_DAYS, VERBS, type Survey, type SurveyPorts } from '../../core';
import { translator } from '../../i18n';
import { SURVEY_FORM, csatReport, ratingChoices, ratingText, surveyForm, surveyThanks, surveyThanksNotice } from './survey-view';
import { EVERYWHERE } from '../../commands/declaration';
import { confirm, errorReply, formReply, privately, tr } from '../../commands/respond';
import type { CommandContext, Reply } from '../../commands/types';
import type { FeatureCommand, FeatureHandler, HostServices } from '../types';
import { answerPortsOver } from '../answers/answer-services';
import type { Kysely } from 'kysely';
import { createSurveyTable, type SurveyTables } from './survey-table';

/** What the surveys feature is handed: its own table, and HELPDESK_LOCALE for the survey's note. */
export type SurveyServices = Pick<HostServices, 'locale'> & { db: Kysely<SurveyTables> };
import { answeredLine } from './answered-line';

/** The survey a button or form names, or what to answer instead (none kept: nothing to answer; someone else's: refused). */
async function surveyFor(ctx: CommandContext, id: string | undefined, ports: SurveyPorts): Promise<{ ports: SurveyPorts; survey: Survey } | Reply> {
  const t = tr(ctx);
  const survey = id ? await ports.get(id) : undefined;
  if (!survey) return confirm(t('surveys:unknown'));
  if (!ctx.actor.email || !sameAddress(survey.requester, ctx.actor.email)) return errorReply(t('surveys:notYours', { id: survey.ticketId }));
  return { ports, survey };
}

function isOpen(survey: Survey, now: number): boolean {
  return now - Date.parse(survey.sentAt) <= SURVEY_DAYS * 86_400_000;
}

/** The survey's one internal note as it now stands: the rating, with the comment when there is one. */
function noteFor(locale: string, survey: Survey, rating: number, comment: string | undefined): string {
  // The desk's language: the note is for the portal, read by whoever works the ticket.
  const t = translator(locale);
  const shown = ratingText(t, rating, survey.scale);
  return comment ? t('surveys:note', { rating: shown, comment }) : t('surveys:noteNoComment', { rating: shown });
}

/** Takes one answer: checks it, stores it, writes the ticket's internal comment, thanks. */
async function answer(ctx: CommandContext, values: Record<string, string> | undefined, services: SurveyServices): Promise<Reply> {
  const table = createSurveyTable(services.db);
  const found = await surveyFor(ctx, values?.survey, table);
  if (!('survey' in found)) return found;
  const { ports, survey } = found;
  const t = tr(ctx);
  const raw = (values?.rating ?? '').trim();
  const offered = ratingChoices(survey.scale, ctx.locale);
  // A value no button offers is a forged or stale action: refused, not rounded to the nearest.
  if (!offered.some((c) => c.value === raw)) return errorReply(t('surveys:badRating', { value: raw, allowed: offered.map((c) => (survey.scale === 'thumbs' ? c.title : c.value)).join(', ') }));
  const now = Date.now();
  if (!isOpen(survey, now)) return confirm(t('surveys:closed', { id: survey.ticketId, days: SURVEY_DAYS }));
  const rating = Number(raw);
  const comment = (values?.comment ?? '').trim() || undefined;
  const before = await ports.answer(survey.id, rating, comment, new Date(now).toISOString());
  // A comment left out keeps the one given before (the store does the same).
  const kept = comment ?? before?.comment;
  const unchanged = before?.rating === rating && before.comment === kept;
  if (!unchanged) {
    try {
      await ctx.helpdesk.addSatisfactionNote?.(ctx.actor, survey.ticketId, noteFor(services.locale, survey, rating, kept), survey.sentAt);
    } catch (err) {
      // The answer is kept; the desk's copy is what failed, and the report still counts it.
      ctx.logger?.warn('could not write the satisfaction comment to the ticket', { ticketId: survey.ticketId, error: err });
    }
  }
  const said = comment !== undefined ? 'comment' : before?.rating !== undefined && before.rating !== rating ? 'changed' : 'rated';
  const sent = await table.notice(survey.id);
  if (sent) return privately({ type: 'notice', notice: surveyThanksNotice(sent, survey, rating, said, ctx.locale) }, survey.ticketId);
  return privately({ type: 'confirmation', confirmation: surveyThanks(survey, rating, said, ctx.locale) }, survey.ticketId);
}

/** A rating button. */
const rate: FeatureHandler<SurveyServices> = (ctx, input, _commands, services) => answer(ctx, input.values, services);

/** The comment form's submit. */
const submit: FeatureHandler<SurveyServices> = (ctx, input, _commands, services) => answer(ctx, input.values, services);

/** The "Add a comment" button: the form, with the rating given so far. */
const form: FeatureHandler<SurveyServices> = async (ctx, input, _commands, { db }) => {
  const id = input.values?.survey;
  const survey = id ? await createSurveyTable(db).get(id) : undefined;
  // Someone else's survey is refused here already; an unknown one still gets a form, and its submit says there is nothing to answer.
  if (survey && !sameAddress(survey.requester, ctx.actor.email)) return errorReply(tr(ctx)('surveys:notYours', { id: survey.ticketId }));
  const shown = survey ?? { id: id ?? '', ticketId: input.ticketId ?? 0, scale: 'five' as const };
  const values: Record<string, string> = survey?.rating !== undefined ? { rating: String(survey.rating), comment: survey.comment ?? '' } : {};
  return formReply(surveyForm(shown, values, [], ctx.locale));
};

/** `csat [days]`: the agents' report over the last `days` (default 30). */
const report: FeatureHandler<SurveyServices> = async (ctx, input, _commands, { db }) => {
  const t = tr(ctx);
  if (!(await ctx.helpdesk.isAgent(ctx.actor.email))) return errorReply(t('surveys:agentsOnly'));
  const raw = (input.values?.days ?? '').trim();
  const days = raw === '' ? 30 : /^\d{1,3}$/.test(raw) ? Number(raw) : NaN;
  if (!(days >= 1 && days <= 365)) return errorReply(t('surveys:badDays', { value: raw }), csatCommand.usage);
  const since = new Date(Date.now() - days * 86_400_000).toISOString();
  const sent = await createSurveyTable(db).sentSince(since);
  const answered = sent.filter((s) => s.rating !== undefined);
  // The service logged any Graph failure; the report then names agents by address.
  const agents = await ctx.helpdesk.activeAgents().catch(() => []);
  const names = new Map(agents.map((a) => [a.email.toLowerCase(), a.name || a.email]));
  const report = csatReport({ days, sent: sent.length, answered, names }, ctx.locale);
  // Questions the desk's answers settled without a ticket (src/features/answers), under the surveys.
  const settled = await answeredLine(ctx, since, answerPortsOver(db));
  return privately({ type: 'confirmation', confirmation: settled ? { ...report, message: `${report.message}\n${settled}` } : report });
};

/** `csat [days]`, and the survey's buttons and form. */
export const csatCommand: FeatureCommand<SurveyServices> = {
  name: 'csat',
  usage: 'csat [days]',
  description: 'surveys:describe',
  who: 'agents',
  scopes: EVERYWHERE,
  menus: [],
  args: { kind: 'text', key: 'days' },
  verb: VERBS.csat,
  handles: { [VERBS.csat]: report, [VERBS.csatRate]: rate, [VERBS.csatForm]: form, [VERBS.csatAnswer]: submit },
  once: [VERBS.csatRate, VERBS.csatAnswer],
  form: { name: SURVEY_FORM, opens: VERBS.csatForm },
  answers: 'confirmation',
  // A survey is answered by its requester only; a survey nobody sent (as here) is answered with "nothing to answer", for anyone.
  examples: [
    { name: 'csat', typed: 'csat 30', values: { days: '30' } },
    { name: 'rate a survey', verb: VERBS.csatRate, values: { survey: 'matrix-none', rating: '4' }, access: 'everyone' },
    { name: 'survey form', verb: VERBS.csatForm, values: { survey: 'matrix-none' }, access: 'everyone' },
    { name: 'answer a survey', verb: VERBS.csatAnswer, values: { survey: 'matrix-none', rating: '4', comment: 'fine' }, access: 'everyone' },
  ],
  helpGroup: 'work',
};
