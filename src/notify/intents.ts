/**
 * What an outbox row asks for, and how a change set's targets become outbox intents: one card
 * (posted or edited) and one thread line per conversation, one DM per person, each in its lane.
 */
import type { Vocabulary } from '../helpdesk/types';
import type { DeliveryIntent } from '../store/types';
import { noticeView, type NoticeView } from '../views/notice-view';
import { ticketView, type PeopleNames } from '../views/ticket-view';
import type { ScreenView } from '../views/elements';
import type { ConfirmationView, TicketView } from '../views/types';
import type { ChangeSet } from './detect';
import { targetKey } from './routing';
import type { Platform, Target } from './types';

/** What an outbox row asks for. */
export type OutboxPayload =
  | { kind: 'card'; platform: Platform; conversationId: string; view: TicketView; etag: string }
  /** `orPost`: without a card to thread under, post the line on its own (SLA alerts) instead of skipping it. */
  | { kind: 'line'; platform: Platform; conversationId: string; text: string; orPost?: boolean; mention?: string; view?: ConfirmationView }
  /**
   * `notice` (absent on rows written before it existed, and on 'it was saved' notes) makes the DM an actionable card.
   * `urgent` (SLA alerts, 'it was saved' notes, DMs released after quiet hours) is never held during quiet hours.
   */
  | { kind: 'dm'; email: string; text: string; reason: string; locale?: string; notice?: NoticeView; urgent?: boolean }
  /**
   * A screen of its own in a conversation, made of elements (a change storm's summary, a channel
   * digest): every platform lays it out. Rows an older version wrote as 'storm' or 'digest' are
   * read as this (stored-payloads.ts).
   */
  | { kind: 'screen'; platform: Platform; conversationId: string; view: ScreenView };

/**
 * The card a channel sees: current ticket state with agent buttons (the service authorises clicks);
 * `names` (the active agents' display names) name the people on it, as a card answering a command does.
 */
export function channelCardView(set: ChangeSet, vocabulary: Vocabulary, locale?: string, names?: PeopleNames): TicketView {
  return ticketView(set.ticket, [], { email: '', isAgent: true, locale }, vocabulary, undefined, names);
}

/** The lane (ordering unit) of a conversation or of a person's DMs. */
export const channelLane = (platform: Platform, conversationId: string) => `${platform}:${conversationId}`;
/** The lane of one person's DMs, whichever platform reaches them. */
export const dmLane = (email: string) => `dm:${email}`;

/**
 * The outbox intents for one change set's targets; `locale` is the language of targets with none of
 * their own, `names` the display names its cards show for addresses.
 */
export function intentsFor(set: ChangeSet, targets: Target[], vocabulary: Vocabulary, createdAt: string, locale?: string, names?: PeopleNames): DeliveryIntent[] {
  const out: DeliveryIntent[] = [];
  for (const t of targets) {
    const key = `${set.key}>${targetKey(t)}`;
    if (t.type === 'person') {
      const payload: OutboxPayload = { kind: 'dm', email: t.email, text: t.text, reason: t.reason, ...(t.locale ? { locale: t.locale } : {}), notice: noticeView(set.ticket, t.text, t.reason, t.email, t.locale, vocabulary) };
      out.push({ key, lane: dmLane(t.email), ticketId: set.ticket.id, createdAt, payload });
      continue;
    }
    const lane = channelLane(t.platform, t.conversationId);
    const where = { platform: t.platform, conversationId: t.conversationId };
    if (t.action !== 'line') {
      const view = t.reader
        ? ticketView(set.ticket, [], { email: t.reader.email, isAgent: t.reader.isAgent, locale: t.locale ?? locale }, vocabulary, undefined, names)
        : channelCardView(set, vocabulary, t.locale ?? locale, names);
      const payload: OutboxPayload = { kind: 'card', ...where, view, etag: set.ticket.etag };
      out.push({ key: `${key}>card`, lane, ticketId: set.ticket.id, card: where, createdAt, payload });
    }
    if (t.line) out.push({ key: `${key}>line`, lane, ticketId: set.ticket.id, createdAt, payload: { kind: 'line', ...where, text: t.line } satisfies OutboxPayload });
  }
  return out;
}

/**
 * One message per event per person: the DMs one change set owes the same person (a resolution
 * and its survey) become one, under the later one's key: its text after the earlier's, its
 * buttons (the ask, such as the ratings) in place of the earlier's.
 */
export function oneDmPerPerson(intents: DeliveryIntent[]): DeliveryIntent[] {
  const out: DeliveryIntent[] = [];
  const dms = new Map<string, number>();
  for (const intent of intents) {
    const p = intent.payload as OutboxPayload;
    const at = p.kind === 'dm' ? dms.get(intent.lane) : undefined;
    if (p.kind !== 'dm') {
      out.push(intent);
      continue;
    }
    if (at === undefined) {
      dms.set(intent.lane, out.length);
      out.push(intent);
      continue;
    }
    const first = out[at].payload as Extract<OutboxPayload, { kind: 'dm' }>;
    const text = `${first.text}\n${p.text}`;
    const notice = p.notice ? { ...p.notice, text: [first.notice?.text ?? first.text, p.notice.text].join('\n') } : first.notice;
    const urgent = first.urgent || p.urgent;
    out[at] = { ...intent, payload: { ...p, text, ...(notice ? { notice } : {}), ...(urgent ? { urgent } : {}) } satisfies OutboxPayload };
  }
  return out;
}

