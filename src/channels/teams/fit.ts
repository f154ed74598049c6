/**
 * Teams refuses a bot message above its size limit (413 MessageSizeTooBig) and counts the
 * serialized activity in UTF-16: two bytes per JavaScript string unit. The strictest documented
 * limit is 40 KB, so every card is kept under it: the view is shortened (views/shorten.ts: long
 * texts end with "…" and a count, and a "Full text" button sends the whole text as plain messages).
 */
import { shortenedTicket } from '../../views/shorten';
import type { TicketView, View } from '../../views/types';

export { FULL_TEXT } from '../../views/shorten';

/** The strictest documented Teams message limit, in bytes of UTF-16. */
export const TEAMS_MESSAGE_LIMIT = 40 * 1024;

/** Room left around the card: the activity (ids, conversation, from, serviceUrl) and a refresh clause of 60 user ids. */
const ENVELOPE = 8 * 1024;

/** A message's size as Teams counts it: the serialized JSON in UTF-16. */
export function teamsSize(value: unknown): number {
  return JSON.stringify(value).length * 2;
}

/**
 * Renders the view, shortening a ticket's long texts until the card fits `limit` bytes. Other
 * views are small by construction (lists are capped, forms hold at most the field limits).
 */
export function fitted<T>(view: View, render: (view: View) => T, limit: number = TEAMS_MESSAGE_LIMIT): T {
  const first = render(view);
  if (view.type !== 'ticket' || teamsSize(first) + ENVELOPE <= limit) return first;
  let max = Math.max(view.ticket.description.length, ...view.ticket.comments.map((c) => c.body.length * 2));
  let out = first;
  while (max > 0) {
    max = Math.floor(max / 2);
    out = render({ type: 'ticket', ticket: shortenedTicket(view.ticket, max) });
    if (teamsSize(out) + ENVELOPE <= limit) return out;
  }
  return out;
}

/** The ticket's whole text as plain messages that each fit, for the "Full text" button. */
export function fullTextMessages(t: TicketView, limit = TEAMS_MESSAGE_LIMIT): string[] {
  const parts = [`#${t.id} ${t.title}\n\n${t.description}`, ...t.comments.map((c) => `${c.author} · ${c.createdText}\n\n${c.body}`)];
  const room = Math.floor((limit - ENVELOPE) / 2 / 2); // UTF-16 and JSON escapes: stay well under
  const out: string[] = [];
  for (const part of parts) for (let i = 0; i < part.length; i += room) out.push(part.slice(i, i + room));
  return out;
}

/** True for the connector's answer to a message above its limit: its status or its error code, never its wording. */
export function isTooBig(err: unknown): boolean {
  const e = err as { statusCode?: number; code?: string };
  return e?.statusCode === 413 || /^MessageSizeTooBig$/i.test(String(e?.code ?? ''));
}
