/**
 * The satisfaction survey a requester gets when their ticket is resolved: one per resolution,
 * none when they resolved it themselves. Planned with the other sends of the change set, under
 * the outbox key `csat:<ticket>:<resolution>`, so every replica and every re-read of the same
 * resolution owes the same one DM, and the survey row records it for answering and `csat`.
 */
import { addressKey, sameAddress, type SurveyScale } from '../../core';
import type { DeliveryIntent, Store } from '../../store/types';
import { surveyNotice } from './survey-view';
import { surveysIn } from './survey-table';
import type { ChangeSet, OutboxPayload, OwedSend } from '../../notify/ports';

/** Options for createSurveyPlanner. */
export interface SurveyPlannerConfig {
  store: Store;
  scale: SurveyScale;
  /** HELPDESK_LOCALE: the language of requesters with none of their own. */
  locale: string;
  now?: () => number;
}

/** A crash between planning and committing leaves the row without its send: within this long, a re-read plans the send again. */
const REPLAN_MS = 3600_000;

/** The survey sends a change set owes (none unless it resolves the ticket). */
export function createSurveyPlanner(config: SurveyPlannerConfig): (set: ChangeSet, told?: readonly DeliveryIntent[]) => Promise<OwedSend[]> {
  const now = config.now ?? Date.now;
  const surveys = surveysIn(config.store);
  return async (set, told = []) => {
    const resolved = set.events.find((e) => e.kind === 'resolved');
    const ticket = set.ticket;
    const requester = ticket.submittedByEmail?.trim();
    if (!resolved || !requester) return [];
    // Who resolved it, when the bot did; the requester who resolved it themselves is not asked how it went.
    if (resolved.actorEmail && sameAddress(resolved.actorEmail, requester)) return [];
    const id = `${ticket.id}:${Date.parse(ticket.modified) || ticket.etag}`;
    const sentAt = new Date(now()).toISOString();
    const survey = { id, ticketId: ticket.id, requester, agent: resolved.actorEmail || ticket.assignedTo || resolved.noteBy || '', scale: config.scale, sentAt };
    // The resolution DM the survey joins (one message): kept with the survey, so the card a rating leaves still says what was done.
    const resolution = told.map((i) => i.payload as OutboxPayload).find((p) => p.kind === 'dm' && sameAddress(p.email, requester));
    const shown = resolution?.kind === 'dm' ? resolution.notice : undefined;
    if (!(await surveys.open(survey, shown))) {
      const known = await surveys.get(id);
      if (!known || known.answeredAt || now() - Date.parse(known.sentAt) > REPLAN_MS) return [];
    }
    const locale = (await config.store.personLocales([requester])).get(addressKey(requester)) ?? config.locale;
    const notice = surveyNotice(ticket, survey, locale);
    const payload: OutboxPayload = { kind: 'dm', email: requester, text: notice.text, reason: 'survey', locale, notice };
    // In the requester's DM lane (notify's), where it joins the resolution DM it follows.
    return [{ key: `csat:${id}`, ticketId: ticket.id, createdAt: sentAt, payload }];
  };
}
