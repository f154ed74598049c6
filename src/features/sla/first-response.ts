/**
 * What counts as a ticket's first response: a public comment by someone other than its requester,
 * who is an active agent when the desk keeps a list. The requester's own words (a comment, a reopen
 * reason) never count, even when the requester is an agent too: nobody answers their own ticket.
 * The tracker sets each clock's first response with this, and `sla <id>` reports what it set.
 */
import { addressKey } from '../../core/vocabulary';
import type { Comment } from '../../helpdesk/types';

/** Whether `comment` answers the requester; `agents`: the active agents' address keys, undefined when the desk keeps no list. */
export function isFirstResponse(comment: Pick<Comment, 'isInternal' | 'authorEmail'>, requester: string, agents: ReadonlySet<string> | undefined): boolean {
  if (comment.isInternal || !comment.authorEmail) return false;
  const author = addressKey(comment.authorEmail);
  if (requester && author === addressKey(requester)) return false;
  return agents ? agents.has(author) : true;
}

/** The earliest first response among `comments`, or `since` when none is earlier. */
export function firstResponseAt(comments: readonly Comment[], requester: string, agents: ReadonlySet<string> | undefined, since?: number): number | undefined {
  let first = since;
  for (const c of comments) if (isFirstResponse(c, requester, agents)) first = Math.min(first ?? Infinity, Date.parse(c.created));
  return first;
}
