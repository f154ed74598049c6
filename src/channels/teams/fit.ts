/**
 * Teams refuses a bot message above its size limit (413 MessageSizeTooBig) and counts the
 * serialized activity in UTF-16: two bytes per JavaScript string unit. The strictest documented
 * limit is 40 KB, so every card is kept under it: long descriptions and comments are shortened
 * with "…" and a count, and a "Full text" button sends the whole text as plain messages.
 */
import { VERBS } from '../../core/verbs';
import type { Translate } from '../../i18n';
import type { TicketView, View } from '../../views/types';
import { cardTranslator } from './card-text';

/** The strictest documented Teams message limit, in bytes of UTF-16. */
export const TEAMS_MESSAGE_LIMIT = 40 * 1024;

/** Room left around the card: the activity (ids, conversation, from, serviceUrl) and a refresh clause of 60 user ids. */
const ENVELOPE = 8 * 1024;

/** A message's size as Teams counts it: the serialized JSON in UTF-16. */
export function teamsSize(value: unknown): number {
  return JSON.stringify(value).length * 2;
}

/** The value the "Full text" button sends so the answer is the whole text, split over messages. */
export const FULL_TEXT = 'full';

function shorten(tr: Translate, text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, Math.max(0, max)).trimEnd();
  return `${cut}${tr('teams:fit.more', { count: text.length - cut.length, button: tr('teams:fit.fullText') })}`;
}

function shortened(tr: Translate, t: TicketView, max: number): TicketView {
  return {
    ...t,
    description: shorten(tr, t.description, max),
    comments: t.comments.map((c) => ({ ...c, body: shorten(tr, c.body, Math.floor(max / 2)) })),
  };
}

function withFullTextButton(tr: Translate, t: TicketView): TicketView {
  if (t.actions.some((a) => a.data?.[FULL_TEXT])) return t;
  return { ...t, actions: [...t.actions, { verb: VERBS.show, title: tr('teams:fit.fullText'), ticketId: t.id, data: { [FULL_TEXT]: 'true' } }] };
}

/**
 * Renders the view, shortening a ticket's long texts until the card fits `limit` bytes. Other
 * views are small by construction (lists are capped, forms hold at most the field limits).
 */
export function fitted<T>(view: View, render: (view: View) => T, limit: number = TEAMS_MESSAGE_LIMIT, locale?: string): T {
  const first = render(view);
  if (view.type !== 'ticket' || teamsSize(first) + ENVELOPE <= limit) return first;
  let max = Math.max(view.ticket.description.length, ...view.ticket.comments.map((c) => c.body.length * 2));
  let out = first;
  const tr = cardTranslator(locale);
  while (max > 0) {
    max = Math.floor(max / 2);
    out = render({ type: 'ticket', ticket: withFullTextButton(tr, shortened(tr, view.ticket, max)) });
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
