/**
 * When a routed ticket escalates, as pure functions: whether its holder answered (a claim or
 * status change, or a public comment of theirs since they got it), and when its hop falls due
 * (the group's minutes, else half the SLA first-response target; working minutes for a group
 * that keeps business hours).
 */
import { assignedStatus, roleOf, sameAddress, sameText, type RoleVocabulary } from '../../core/vocabulary';
import type { Comment, Ticket } from '../../helpdesk/types';
import type { SlaPolicy } from '../sla/policy';
import { minutesAfter } from './hours';
import type { Group } from './rules';

/** Comment times have one-second precision; an answer in the second the ticket was assigned counts. */
const SLACK_MS = 1_000;

/**
 * What the holder did since `since`: `taken` when someone else holds the ticket (or nobody),
 * `answered` when its status moved on from new or assigned, or they wrote a public comment;
 * else `unanswered`. An internal note is not an answer: the requester sees nothing of it.
 */
export function answerOf(ticket: Ticket, comments: readonly Comment[], holder: string, since: number, vocabulary: RoleVocabulary): 'taken' | 'answered' | 'unanswered' {
  if (!sameAddress(ticket.assignedTo, holder)) return 'taken';
  const untouched = roleOf(vocabulary, ticket.status) === 'new' || sameText(ticket.status, assignedStatus(vocabulary));
  if (!untouched) return 'answered';
  const replied = comments.some((c) => !c.isInternal && sameAddress(c.authorEmail, holder) && Date.parse(c.created) >= since - SLACK_MS);
  return replied ? 'answered' : 'unanswered';
}

/** The minutes before an unanswered routed ticket moves on: the group's, else half the SLA first-response target of its priority. */
export function minutesOf(group: Group, policy: SlaPolicy | undefined, priority: string | undefined): number | undefined {
  if (group.escalation.minutes !== undefined) return group.escalation.minutes;
  const target = priority === undefined ? undefined : policy?.targets.get(priority)?.firstResponse;
  // A working day counts as 24 hours here; a group that keeps business hours counts them as working minutes.
  return target ? Math.max(1, Math.round((target.days * 1440 + target.minutes) / 2)) : undefined;
}

/** When the hop of a ticket held since `since` falls due; undefined when it never does (no minutes and no policy). */
export function escalationDue(group: Group, policy: SlaPolicy | undefined, priority: string | undefined, since: number): { at: number; minutes: number } | undefined {
  const minutes = minutesOf(group, policy, priority);
  return minutes === undefined ? undefined : { at: minutesAfter(group, policy?.calendars.business, since, minutes), minutes };
}
