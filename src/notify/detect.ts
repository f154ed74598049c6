/** Change detection: what happened to each ticket, from its new version and its last known state. Pure. */
import { isResolved, sameText } from '../core/vocabulary';
import type { Comment, Ticket } from '../helpdesk/types';
import type { TicketState } from '../store/types';
import type { ChangeEvent } from './types';

/** Everything one ticket version or one comment produced; delivered as a unit per target. */
export interface ChangeSet {
  /** `ticket:<id>:<etag>` or `comment:<id>:<etag>`: the de-duplication key of the item version. */
  key: string;
  ticket: Ticket;
  events: ChangeEvent[];
  /** When it happened (ticket Modified or comment Created), for ordering. */
  at: string;
}

const same = sameText;

/** The state to remember after a ticket version has been announced. */
export function stateOf(t: Ticket): TicketState {
  return { id: t.id, status: t.status, assignedTo: t.assignedTo, priority: t.priority, etag: t.etag, modified: t.modified };
}

/** Key of a ticket version; the etag changes with every write, so each version is handled once. */
export const ticketKey = (t: Ticket) => `ticket:${t.id}:${t.etag}`;
/** Key of a comment version. */
export const commentKey = (c: Comment) => `comment:${c.id}:${c.etag}`;

/**
 * Events for one ticket version. No previous state means the ticket is new to us. Returns an
 * empty list when the version was already handled (same etag) or nothing we report changed.
 */
export function ticketEvents(
  ticket: Ticket,
  previous: TicketState | undefined,
  /** Statuses that count as resolved; default: src/core/vocabulary.ts's resolved role. */
  resolvedStatuses?: readonly string[],
  /**
   * When notifications started (epoch ms). A ticket first met already resolved that was made since
   * then (in the help desk and resolved before a poll, or while the bot was down) was resolved
   * under them: its requester is told, once. Older ones were never the bot's to announce.
   */
  notifiedSince?: number,
): ChangeEvent[] {
  const key = ticketKey(ticket);
  if (!previous) {
    const made = Date.parse(ticket.created);
    if (notifiedSince !== undefined && made >= notifiedSince && isResolved(ticket.status, resolvedStatuses)) return [{ kind: 'resolved', key, ticket, from: '', to: ticket.status }];
    return [{ kind: 'created', key, ticket }];
  }
  if (previous.etag === ticket.etag) return [];
  const events: ChangeEvent[] = [];
  if (!same(previous.status, ticket.status)) {
    const resolved = isResolved(ticket.status, resolvedStatuses) && !isResolved(previous.status, resolvedStatuses);
    events.push({ kind: resolved ? 'resolved' : 'status', key, ticket, from: previous.status, to: ticket.status });
  }
  if (!same(previous.assignedTo, ticket.assignedTo)) {
    events.push({ kind: 'assigned', key, ticket, from: previous.assignedTo, to: ticket.assignedTo });
  }
  if (!same(previous.priority, ticket.priority)) {
    events.push({ kind: 'priority', key, ticket, from: previous.priority, to: ticket.priority });
  }
  return events;
}

/** The event for a new comment: a public comment or an internal note, by its author. */
export function commentEvent(comment: Comment, ticket: Ticket): ChangeEvent {
  return {
    kind: comment.isInternal ? 'note' : 'comment',
    key: commentKey(comment),
    ticket,
    comment,
    actorEmail: comment.authorEmail,
  };
}

/**
 * Pairs a resolution with its note: a public comment on the same ticket written shortly after
 * the ticket was resolved (helpdesk/ticket-actions.ts `resolve` writes the status first, then
 * posts the note), or shortly before it when someone wrote the note by hand first. The note is
 * carried on the resolved event so the requester gets one message, not two.
 */
export function attachResolutionNotes(sets: ChangeSet[], windowSeconds = 120): Set<string> {
  const absorbed = new Set<string>();
  for (const set of sets) {
    const resolved = set.events.find((e) => e.kind === 'resolved');
    if (!resolved) continue;
    const resolvedAt = Date.parse(set.at);
    // The requester's own comment is never the resolution note, whoever resolved.
    const note = sets
      .filter((s) => s.ticket.id === set.ticket.id && s.events[0]?.kind === 'comment')
      .map((s) => s.events[0])
      .filter((e) => !same(e.comment!.authorEmail, set.ticket.submittedByEmail))
      .filter((e) => {
        const at = Date.parse(e.comment!.created);
        return at <= resolvedAt + 2000 && resolvedAt - at <= windowSeconds * 1000;
      })
      .pop();
    if (note) {
      // Only the note is carried over, not its author as the resolver: who resolved is known only
      // from the bot's own record of the change (action hints), so nobody else is silenced by a guess.
      resolved.note = note.comment!.body;
      // Kept apart from actorEmail: it names who handled it (the survey's agent), it silences nobody.
      resolved.noteBy = note.comment!.authorEmail;
      absorbed.add(note.key);
    }
  }
  return absorbed;
}
