/**
 * Change storms: when more than the threshold of one channel's tickets change in one poll cycle
 * (a bulk import, a portal bulk edit), the channel gets one summary instead of a card each, and
 * a person with more than the threshold of DMs gets one merged DM. Tickets that matter (high
 * priority, SLA breached) still get their own card, a few per storm. Runs on the cycle's planned
 * intents before they are committed, so the summary is owed in the same transaction as the
 * detection state: a restart re-plans nothing and sends no second summary.
 */
import { createHash } from 'node:crypto';
import type { Ticket, Vocabulary } from '../../helpdesk/types';
import type { DeliveryIntent, Platform, Store } from '../../store/types';
import { mergedDmText, stormView } from './storm-view';
import type { ChangeSet, OutboxPayload } from '../../notify/ports';
import type { Logger } from '../../log';
import { slaTableIn, type SlaRecord } from '../sla/sla-table';

/** How long a storm's ticket list stays listable from its summary. */
export const STORM_KEEP_MS = 30 * 86400_000;
/** Tickets that matter still get their own card, at most this many per storm and channel. */
export const STORM_MAX_CARDS = 10;

/** The memo a storm's ticket ids are kept under (the summary's list button reads it). */
export const stormMemoKey = (id: string) => `storm:${id}`;

/** What summarising needs. */
export interface StormInput {
  store: Store;
  vocabulary: Vocabulary;
  /** More than this many tickets of one channel in one cycle is a storm. */
  threshold: number;
  /** HELPDESK_LOCALE, for conversations with no language of their own. */
  locale: string;
  sets: readonly ChangeSet[];
  intents: DeliveryIntent[];
  /** `ticketId>platform:conversationId` of every first card the plan posts (not an edit of one already there). */
  posts: ReadonlySet<string>;
  now: number;
  createdAt: string;
  /** Where an SLA store that cannot answer is reported. */
  logger?: Logger;
  /** Whether SLA clocks are kept (a policy is set): without them, only high priority makes a ticket matter. */
  clocks?: boolean;
}

const setKeyOf = (intentKey: string) => intentKey.slice(0, intentKey.indexOf('>'));
const idOf = (parts: string[]) => createHash('sha256').update(parts.join('\n')).digest('base64url').slice(0, 16);

/** True when the ticket's SLA is breached or its priority is a high one. */
async function mattering(store: Store, vocabulary: Vocabulary, tickets: readonly Ticket[], now: number, logger?: Logger, clocks = true): Promise<Set<number>> {
  const high = new Set(vocabulary.highPriorities.map((p) => p.trim().toLowerCase()));
  const out = new Set(tickets.filter((t) => high.has(t.priority.trim().toLowerCase())).map((t) => t.id));
  if (!clocks) return out;
  const records = await slaTableIn(store).slaRecords(tickets.map((t) => t.id)).catch((error: unknown) => {
    // Breaches cannot be told now: only high priority makes a ticket matter in this storm.
    logger?.warn('SLA records unreadable; a storm summary ranks tickets by priority only', { error });
    return new Map<number, SlaRecord>();
  });
  for (const [id, r] of records) {
    const breached = Object.keys(r.history?.breachedAt ?? {}).length > 0 || (r.dueAt !== undefined && r.dueAt <= now);
    if (breached) out.add(id);
  }
  return out;
}

/** The intents with each storm summarised; also keeps each storm's ticket ids for its list button. */
export async function summariseStorms(input: StormInput): Promise<DeliveryIntent[]> {
  const { intents, threshold } = input;
  const bySet = new Map(input.sets.map((s) => [s.key, s]));
  // A change the bot made for a person (recorded actor) is their own action: it never makes a storm.
  const counts = (i: DeliveryIntent) => {
    const set = bySet.get(setKeyOf(i.key));
    return !!set && !(set.key.startsWith('ticket:') && set.events.some((e) => e.actorEmail));
  };
  const lanes = new Map<string, Map<number, Ticket>>();
  // The conversation of each lane, as its cards and lines name it (the lanes are notify's, never parsed here).
  const where = new Map<string, Where>();
  for (const i of intents) {
    const p = i.payload as OutboxPayload;
    if ((p.kind !== 'card' && p.kind !== 'line') || !counts(i)) continue;
    const tickets = lanes.get(i.lane) ?? new Map<number, Ticket>();
    tickets.set(i.ticketId, bySet.get(setKeyOf(i.key))!.ticket);
    lanes.set(i.lane, tickets);
    where.set(i.lane, { platform: p.platform, conversationId: p.conversationId });
  }
  const storms = [...lanes].filter(([, tickets]) => tickets.size > threshold);
  let out = intents;
  if (storms.length > 0) {
    const locales = await input.store.conversationLocales();
    const all = new Map<number, Ticket>();
    for (const [, tickets] of storms) for (const [id, t] of tickets) all.set(id, t);
    const matter = await mattering(input.store, input.vocabulary, [...all.values()], input.now, input.logger, input.clocks);
    for (const [lane, tickets] of storms) {
      const to = where.get(lane)!;
      out = await summariseLane(input, out, lane, to, tickets, matter, locales.get(`${to.platform}:${to.conversationId}`) ?? input.locale);
    }
  }
  return mergeDms(out, input);
}

/** One conversation, as a card or line payload names it. */
interface Where {
  platform: Platform;
  conversationId: string;
}

async function summariseLane(input: StormInput, intents: DeliveryIntent[], lane: string, to: Where, tickets: Map<number, Ticket>, matter: Set<number>, locale: string): Promise<DeliveryIntent[]> {
  const carded = new Set([...tickets.keys()].filter((id) => matter.has(id)).slice(0, STORM_MAX_CARDS));
  const ids = [...tickets.keys()];
  const keys = input.intents.filter((i) => i.lane === lane && tickets.has(i.ticketId)).map((i) => setKeyOf(i.key));
  const id = idOf([lane, ...new Set(keys)].sort());
  // Kept before the commit: a crash in between re-plans the same id and keeps the same list.
  await input.store.putMemo(stormMemoKey(id), ids, STORM_KEEP_MS);
  const view = stormView(id, [...tickets.values()], locale, input.vocabulary, carded.size);
  const payload: OutboxPayload = { kind: 'screen', ...to, view };
  const summary: DeliveryIntent = { key: `storm:${id}>${lane}`, lane, ticketId: 0, createdAt: input.createdAt, payload };
  const out: DeliveryIntent[] = [];
  let placed = false;
  for (const i of intents) {
    if (i.lane !== lane || !tickets.has(i.ticketId)) {
      out.push(i);
      continue;
    }
    if (!placed) {
      out.push(summary);
      placed = true;
    }
    if (carded.has(i.ticketId)) {
      out.push(i);
      continue;
    }
    // A card already in the channel is edited in place (no new message, and it stays true); its thread line and every first card give way to the summary.
    const p = i.payload as OutboxPayload;
    if (p.kind === 'card' && !input.posts.has(`${i.ticketId}>${to.platform}:${to.conversationId}`)) out.push(i);
  }
  return out;
}

/** A person with more than the threshold of DMs in one cycle gets one, listing them. */
function mergeDms(intents: DeliveryIntent[], input: StormInput): DeliveryIntent[] {
  const byLane = new Map<string, DeliveryIntent[]>();
  for (const i of intents) if ((i.payload as OutboxPayload).kind === 'dm' && i.ticketId > 0) byLane.set(i.lane, [...(byLane.get(i.lane) ?? []), i]);
  const merged = [...byLane].filter(([, dms]) => dms.length > input.threshold);
  if (merged.length === 0) return intents;
  const out = intents.filter((i) => !merged.some(([lane]) => lane === i.lane && i.ticketId > 0 && (i.payload as OutboxPayload).kind === 'dm'));
  for (const [lane, dms] of merged) {
    const first = dms[0].payload as Extract<OutboxPayload, { kind: 'dm' }>;
    const text = mergedDmText(dms.map((d) => (d.payload as Extract<OutboxPayload, { kind: 'dm' }>).text), first.locale);
    const payload: OutboxPayload = { kind: 'dm', email: first.email, text, reason: 'merged', ...(first.locale ? { locale: first.locale } : {}) };
    // In the lane the merged DMs were in: that person's.
    out.push({ key: `dmstorm:${idOf(dms.map((d) => d.key).sort())}>${lane}`, lane, ticketId: 0, createdAt: input.createdAt, payload });
  }
  return out;
}
