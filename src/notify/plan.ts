/**
 * From changed items to owed sends: what changed since the last known state of each ticket,
 * who hears about it, and the outbox intents for it. Shared by the poll cycle (changes read from
 * Graph) and the fast lane (changes the bot itself just wrote), so both decide the same way and
 * an item version handled by one is skipped by the other.
 */
import type { DmChoices } from '../core/preferences';
import type { Comment, Ticket, Vocabulary } from '../helpdesk/types';
import type { DeliveryIntent, PostedMessage, Platform, Store, TicketState } from '../store/types';
import type { Deliverer } from './deliver';
import { attachResolutionNotes, commentEvent, commentKey, stateOf, ticketEvents, type ChangeSet } from './detect';
import { route, type AssignmentReason, type AssignmentReasonOf } from './routing';
import { addressKey } from '../core/vocabulary';
import type { OutboxPayload } from './intents';
import type { Target } from './types';
import { oneDmPerPerson } from './intents';
import { rowOf } from './outbox-service';
import type { Named, PersonPreferences, PlanHook } from './ports';
import { personalCardReader, type CardReader } from '../store/personal-cards';

/** The version number SharePoint puts after the comma in an etag (`"guid,7"`), if there is one. */
function etagVersion(etag: string): { guid: string; version: number } | undefined {
  const m = /^(?:W\/)?"?([^,"]+),(\d+)"?$/.exec(etag.trim());
  return m ? { guid: m[1], version: Number(m[2]) } : undefined;
}

/**
 * True when `t` is an older version than the one already known: the fast lane recorded a write
 * the poll then reads an earlier version of. Announcing it would report the change backwards.
 */
export function isOlder(t: Ticket, known: TicketState): boolean {
  const a = etagVersion(t.etag);
  const b = etagVersion(known.etag);
  if (a && b && a.guid === b.guid) return a.version < b.version;
  return Date.parse(t.modified) < Date.parse(known.modified);
}

/** What one batch of changed items comes to. */
export interface Detected {
  sets: ChangeSet[];
  /** Ticket states to remember. */
  states: TicketState[];
  /** Comments not handled before (their keys are marked processed on commit). */
  fresh: Comment[];
  /** Comment keys folded into a resolution message. */
  absorbed: Set<string>;
}

/** Options for detect. */
export interface DetectInput {
  tickets: readonly Ticket[];
  comments: readonly Comment[];
  /** The ticket a comment is on, when that ticket is not among `tickets`. */
  ticketOf(id: number): Promise<Ticket | undefined>;
  /** Statuses that count as resolved; default: src/core/vocabulary.ts's resolved role. */
  resolvedStatuses?: readonly string[];
  /** When notifications started (epoch ms): a ticket made since then and first met resolved is announced as resolved. */
  notifiedSince?: number;
  /** Who made these ticket changes, when the bot made them; else the recorded action hints decide. */
  actorEmail?: string;
  onMissingTicket?(comment: Comment): void;
}

/** Change sets for the given ticket versions and comments, compared with what the store knows. */
export async function detectChanges(store: Store, input: DetectInput): Promise<Detected> {
  const { tickets, comments } = input;
  const known = await store.getTicketStates(tickets.map((t) => t.id));
  const done = await store.deliveredAmong(comments.map(commentKey));
  const fresh = comments.filter((c) => !done.has(commentKey(c)));
  const byId = new Map(tickets.map((t) => [t.id, t]));
  const sets: ChangeSet[] = [];
  const states: TicketState[] = [];
  for (const t of tickets) {
    const previous = known.get(t.id);
    if (previous?.etag === t.etag || (previous && isOlder(t, previous))) continue;
    const events = ticketEvents(t, previous, input.resolvedStatuses, input.notifiedSince);
    states.push(stateOf(t));
    if (events.length === 0) continue;
    const actor = input.actorEmail ?? (await store.findAction('ticket', t.id, t.etag))?.actorEmail;
    if (actor) for (const e of events) e.actorEmail = actor;
    sets.push({ key: `ticket:${t.id}:${t.etag}`, ticket: t, events, at: t.modified });
  }
  for (const c of fresh) {
    let ticket = byId.get(c.ticketId);
    if (!ticket) {
      ticket = await input.ticketOf(c.ticketId);
      if (ticket) byId.set(ticket.id, ticket);
    }
    if (!ticket) {
      input.onMissingTicket?.(c);
      continue;
    }
    sets.push({ key: commentKey(c), ticket, events: [commentEvent(c, ticket)], at: c.created });
  }
  sets.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  return { sets, states, fresh, absorbed: attachResolutionNotes(sets) };
}

/** What the listed features add to planning: their planning hooks and people's DM choices (src/notify/ports.ts). */
export interface PlanParts {
  planHooks?: readonly Named<PlanHook>[];
  preferences?: readonly Named<PersonPreferences>[];
}

/** Everyone's DM choices from the features that keep them (none listed: every DM goes). */
async function dmChoicesOf(parts: PlanParts, people: string[]): Promise<Map<string, DmChoices>> {
  const out = new Map<string, DmChoices>();
  for (const { part } of parts.preferences ?? []) for (const [k, v] of await part.dmChoices(people)) out.set(k, v);
  return out;
}

/**
 * The outbox intents the change sets owe; `origin` is the conversation a thread reply came from,
 * `agents` reads the active agents' lower-case addresses (internal notes are DM'd only to them),
 * asked only when there is a note to send, so an idle or note-free cycle costs no extra read.
 * A feature's planning hook that fails fails the plan: nothing is committed and the next cycle plans again.
 */
export async function planDeliveries(
  store: Store,
  deliverer: Deliverer,
  vocabulary: Vocabulary,
  detected: Detected,
  origin?: { platform: Platform; conversationId: string },
  agents?: () => Promise<ReadonlySet<string> | undefined>,
  /** Told each change set's targets (the poll cycle reads which cards are first posts). */
  seen?: (set: ChangeSet, targets: Target[]) => void,
  parts: PlanParts = {},
): Promise<DeliveryIntent[]> {
  const { sets, absorbed } = detected;
  const intents: DeliveryIntent[] = [];
  if (sets.length === 0) return intents;
  const subscriptions = await store.allSubscriptions();
  const people = sets.flatMap((s) => [s.ticket.submittedByEmail, s.ticket.assignedTo]);
  const muted = await store.mutedAmong(people);
  const hasNote = sets.some((s) => s.events.some((e) => e.kind === 'note'));
  const agentSet = hasNote ? await agents?.() : undefined;
  const [personLocales, conversationLocales, dmChoices] = await Promise.all([store.personLocales(people), store.conversationLocales(), dmChoicesOf(parts, people)]);
  // Cards still owed (in the outbox, or planned earlier in this batch) count as posted: later changes update them.
  const planned = new Map<number, PostedMessage[]>();
  for (const set of sets) {
    const comment = set.events[0].comment;
    const from = comment ? (origin ?? (await store.findAction('comment', comment.id))?.origin) : undefined;
    // Owed cards first: a send finishing in between moves its card from the outbox to the posted
    // map in one transaction, so reading in this order sees it in one place or the other.
    const owed = [...(await store.pendingCards(set.ticket.id)), ...(planned.get(set.ticket.id) ?? [])];
    const posted = await store.postedMessages(set.ticket.id);
    for (const c of owed) {
      if (!posted.some((p) => p.platform === c.platform && p.conversationId === c.conversationId)) posted.push({ ...c, ticketId: set.ticket.id, messageId: '' });
    }
    const readers = new Map<string, CardReader>();
    for (const p of posted) {
      const reader = await personalCardReader(store, { ...p, ticketId: set.ticket.id });
      if (reader) readers.set(`${p.platform}:${p.conversationId}`, reader);
    }
    const assignmentReason = deliverer.assignmentReason ? await dmReason(deliverer.assignmentReason, set, personLocales, deliverer.locale) : undefined;
    const routed = route(set, {
      subscriptions,
      posted,
      readers,
      muted,
      highPriorities: vocabulary.highPriorities,
      origin: from,
      absorbedIntoResolution: absorbed.has(set.key),
      agents: agentSet,
      personLocales,
      conversationLocales,
      defaultLocale: deliverer.locale,
      dmChoices,
      ...(assignmentReason ? { assignmentReason } : {}),
    });
    let targets = routed;
    let followUps = true;
    for (const { part } of parts.planHooks ?? []) {
      if (!part.route) continue;
      const changed = await part.route(set, targets);
      targets = changed.targets;
      followUps &&= changed.followUps;
    }
    seen?.(set, targets);
    const mine = deliverer.plan(set, targets);
    if (deliverer.assignmentReason) await cardReasons(deliverer.assignmentReason, set, mine, deliverer.locale);
    const more: DeliveryIntent[] = [];
    if (followUps) for (const { part } of parts.planHooks ?? []) if (part.more) more.push(...(await part.more(set, mine)).map(rowOf));
    intents.push(...oneDmPerPerson([...mine, ...more]));
    for (const i of mine) if (i.card) planned.set(set.ticket.id, [...(planned.get(set.ticket.id) ?? []), { ...i.card, ticketId: set.ticket.id, messageId: '' }]);
  }
  return intents;
}

/** Why the ticket went to its assignee, for their DM, when this change assigns it (an assignment, or a new ticket with an assignee). */
async function dmReason(reasonOf: AssignmentReasonOf, set: ChangeSet, personLocales: ReadonlyMap<string, string>, locale: string): Promise<string | undefined> {
  const assignee = set.ticket.assignedTo;
  if (!assignee || !set.events.some((e) => e.kind === 'assigned' || e.kind === 'created')) return undefined;
  return (await reasonOf(set.ticket.id, assignee, personLocales.get(addressKey(assignee)) ?? locale))?.dm;
}

/** Agents' cards of the change name why the assignee holds the ticket after their name: "Megan (round robin)". */
async function cardReasons(reasonOf: AssignmentReasonOf, set: ChangeSet, intents: readonly DeliveryIntent[], fallback: string): Promise<void> {
  const assignee = set.ticket.assignedTo;
  if (!assignee) return;
  const inLocale = new Map<string, AssignmentReason | undefined>();
  for (const intent of intents) {
    const p = intent.payload as OutboxPayload;
    if (p.kind !== 'card' || !p.view.agentView || !p.view.assigneeText) continue;
    const locale = p.view.locale ?? fallback;
    if (!inLocale.has(locale)) inLocale.set(locale, await reasonOf(set.ticket.id, assignee, locale));
    const reason = inLocale.get(locale);
    if (reason) p.view.assigneeText = `${p.view.assigneeText} ${reason.card}`;
  }
}
