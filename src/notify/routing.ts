/**
 * Who hears what. Pure: a change set plus subscriptions, posted cards and preferences in,
 * delivery targets out.
 *
 * - Channels: a ticket matching any of a channel's subscriptions gets one card; every later
 *   change updates that card and adds a line in its thread; public comments add a line.
 *   Internal notes never reach a channel (requesters may read it).
 * - Requester DM: status changes, resolution (with its note), public comments by others.
 * - Assignee DM: assigned to you (with why, when a feature such as routing assigned it), public
 *   comments by the requester, internal notes by others
 *   (only while the assignee is an active agent: a deactivated agent is a requester now).
 * - Nobody is told about their own action. The actor is the comment author, or for ticket
 *   changes the person who made the change through this bot (recorded when they made it);
 *   a change made elsewhere has no known actor, so everyone concerned is told.
 * - Muted people get no DMs; others only the kinds they chose (status changes, public comments, resolution).
 */
import { matches } from '../core';
import { addressKey, sameAddress } from '../core/vocabulary';
import type { Ticket } from '../helpdesk/types';
import type { PostedMessage, Platform, SubscriptionRecord } from '../store/types';
import type { DmChoices } from '../core/preferences';
import type { ChangeSet } from './detect';
import { english, translator, type Translate } from '../i18n';
import { valueLabel } from '../views/format';
import type { ChangeEvent, ChannelTarget, PersonTarget, Target } from './types';

/** Why a ticket went to its assignee, in one reader's language (a feature that assigns tickets says it). */
export interface AssignmentReason {
  /** A sentence after the assignee's DM line: "Assigned to you by round robin in Hardware; you have 3 open." */
  dm: string;
  /** What follows the assignee's name on the channel card: "(round robin)". */
  card: string;
}

/**
 * Asks why `ticketId` went to `assignee`, in `locale` (the app passes the features' answer,
 * src/features' `assignmentReason`); undefined when an agent assigned it, as always.
 */
export type AssignmentReasonOf = (ticketId: number, assignee: string, locale: string) => Promise<AssignmentReason | undefined>;

/** What routing needs besides the change itself. */
export interface RoutingContext {
  subscriptions: readonly SubscriptionRecord[];
  /** Cards already posted about this ticket. */
  posted: readonly PostedMessage[];
  /**
   * Whose view each posted card in a personal chat shows, by `platform:conversationId` (the card a
   * filing answered with). Such a card is edited with that view and gets no lines: the person hears by DM.
   */
  readers?: ReadonlyMap<string, { email: string; isAgent: boolean }>;
  /** Lower-case emails of people who turned notifications off. */
  muted: ReadonlySet<string>;
  highPriorities: readonly string[];
  /** A comment written as a reply in a card's thread: that conversation already shows it. */
  origin?: { platform: Platform; conversationId: string };
  /** The comment was folded into a resolution message, so the requester is not told twice. */
  absorbedIntoResolution?: boolean;
  /** Lower-case addresses of the active agents; when given, only they are sent internal notes. */
  agents?: ReadonlySet<string>;
  /** Each person's last language, by lower-cased address (their DMs use it). */
  personLocales?: ReadonlyMap<string, string>;
  /** Each conversation's chosen language, by `platform:conversationId` (its card and thread lines use it). */
  conversationLocales?: ReadonlyMap<string, string>;
  /** HELPDESK_LOCALE: for conversations and people with no language of their own. */
  defaultLocale?: string;
  /** Which DMs each person chose (`notifications`), by lower-cased address; absent: every kind. */
  dmChoices?: ReadonlyMap<string, DmChoices>;
  /** Why the ticket went to its assignee, in their language (AssignmentReason.dm); added to their DM of the assignment. */
  assignmentReason?: string;
}

/** Which choice of `notifications` a change's DM line falls under. */
const DM_KIND: Record<ChangeEvent['kind'], 'status' | 'comments' | 'resolution'> = {
  created: 'status', status: 'status', assigned: 'status', priority: 'status', resolved: 'resolution', comment: 'comments', note: 'comments',
};

/** The language of a conversation's card and lines. */
function conversationLocale(ctx: RoutingContext, platform: Platform, conversationId: string): string {
  return ctx.conversationLocales?.get(`${platform}:${conversationId}`) ?? ctx.defaultLocale ?? 'en';
}

/** The language of a person's DMs. */
function personLocale(ctx: RoutingContext, email: string): string {
  return ctx.personLocales?.get(addressKey(email)) ?? ctx.defaultLocale ?? 'en';
}

// What a subscription wants to hear about has one meaning, in the shared vocabulary (digests and SLA alerts read it too).
export { matches };

const MAX_QUOTE = 280;
/** Shortens a comment for a one-line notification. */
export function quote(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_QUOTE ? `${flat.slice(0, MAX_QUOTE - 1)}…` : flat;
}

const ref = (t: Ticket) => `#${t.id} "${t.title}"`;
const author = (e: ChangeEvent) => e.comment!.authorName || e.comment!.authorEmail;

/** The short thread line for one event in `t`'s language, or undefined when channels do not hear about it. */
export function channelLine(e: ChangeEvent, t: Translate = english): string | undefined {
  const status = (v: string | undefined) => valueLabel(t, 'status', v ?? '');
  const priority = (v: string | undefined) => valueLabel(t, 'priority', v ?? '');
  switch (e.kind) {
    case 'created':
    case 'note':
      return undefined;
    case 'status':
      return t('notify:line.status', { from: status(e.from), to: status(e.to) });
    case 'resolved':
      return e.note ? t('notify:line.resolvedWithNote', { note: quote(e.note) }) : t('notify:line.resolved');
    case 'assigned':
      return e.to ? t('notify:line.assigned', { to: e.to }) : t('notify:line.unassigned');
    case 'priority':
      return t('notify:line.priority', { from: priority(e.from), to: priority(e.to) });
    case 'comment':
      return t('notify:line.comment', { author: author(e), text: quote(e.comment!.body) });
  }
}

function requesterLine(e: ChangeEvent, absorbed: boolean, t: Translate): string | undefined {
  const ticket = e.ticket;
  switch (e.kind) {
    case 'status':
      return t('notify:dm.statusChanged', { ticket: ref(ticket), status: valueLabel(t, 'status', e.to ?? '') });
    case 'resolved':
      return e.note ? t('notify:dm.resolvedWithNote', { ticket: ref(ticket), note: quote(e.note) }) : t('notify:dm.resolved', { ticket: ref(ticket) });
    case 'comment':
      if (absorbed || sameAddress(e.comment!.authorEmail, ticket.submittedByEmail)) return undefined;
      return t('notify:dm.replied', { author: author(e), ticket: ref(ticket), text: quote(e.comment!.body) });
    default:
      return undefined;
  }
}

function assigneeLine(e: ChangeEvent, t: Translate, agent: boolean, reason: string | undefined): string | undefined {
  const ticket = e.ticket;
  if (!ticket.assignedTo) return undefined;
  switch (e.kind) {
    case 'created':
    case 'assigned': {
      const vars = { ticket: ref(ticket), requester: ticket.submittedByName || ticket.submittedByEmail || t('notify:dm.nobody'), priority: valueLabel(t, 'priority', ticket.priority) };
      const line = t(e.kind === 'created' ? 'notify:dm.newAssigned' : 'notify:dm.assigned', vars);
      return reason ? `${line} ${reason}` : line;
    }
    case 'comment':
      if (!sameAddress(e.comment!.authorEmail, ticket.submittedByEmail)) return undefined;
      return t('notify:dm.requesterCommented', { author: author(e), ticket: ref(ticket), text: quote(e.comment!.body) });
    case 'note':
      if (!agent) return undefined;
      return t('notify:dm.internalNote', { author: author(e), ticket: ref(ticket), text: quote(e.comment!.body) });
    default:
      return undefined;
  }
}

function channelTargets(set: ChangeSet, ctx: RoutingContext): ChannelTarget[] {
  const linesIn = (locale: string) => set.events.map((e) => channelLine(e, translator(locale))).filter((l): l is string => !!l);
  const isComment = set.events.some((e) => e.kind === 'comment' || e.kind === 'note');
  if (isComment && linesIn('en').length === 0) return []; // internal notes stay out of channels
  // A resolution's note is said once, on its "Resolved: …" line, not again as a comment.
  if (isComment && ctx.absorbedIntoResolution) return [];
  const targets: ChannelTarget[] = [];
  const carded = new Set<string>();
  for (const p of ctx.posted) {
    carded.add(`${p.platform}\n${p.conversationId}`);
    const reader = ctx.readers?.get(`${p.platform}:${p.conversationId}`);
    if (reader) {
      // Comments are not on the card; a change re-renders it for its reader, without a line.
      if (!isComment) targets.push({ type: 'channel', platform: p.platform, conversationId: p.conversationId, action: 'update', messageId: p.messageId, locale: personLocale(ctx, reader.email), reader });
      continue;
    }
    const fromHere = ctx.origin && ctx.origin.platform === p.platform && ctx.origin.conversationId === p.conversationId;
    const locale = conversationLocale(ctx, p.platform, p.conversationId);
    const lines = linesIn(locale);
    if (isComment) {
      if (!fromHere) targets.push({ type: 'channel', platform: p.platform, conversationId: p.conversationId, action: 'line', messageId: p.messageId, line: lines.join('\n'), locale });
    } else {
      targets.push({ type: 'channel', platform: p.platform, conversationId: p.conversationId, action: 'update', messageId: p.messageId, line: lines.join('\n') || undefined, locale });
    }
  }
  if (isComment) return targets;
  for (const sub of ctx.subscriptions) {
    const k = `${sub.conversation.platform}\n${sub.conversation.id}`;
    if (carded.has(k) || !matches(sub.filter, set.ticket, ctx.highPriorities)) continue;
    carded.add(k);
    targets.push({ type: 'channel', platform: sub.conversation.platform, conversationId: sub.conversation.id, action: 'post', locale: conversationLocale(ctx, sub.conversation.platform, sub.conversation.id) });
  }
  return targets;
}

function personTarget(
  email: string,
  reason: PersonTarget['reason'],
  line: (e: ChangeEvent, t: Translate) => string | undefined,
  set: ChangeSet,
  ctx: RoutingContext,
): PersonTarget[] {
  if (!email) return [];
  const locale = personLocale(ctx, email);
  const t = translator(locale);
  const chose = ctx.dmChoices?.get(addressKey(email));
  const text = set.events.filter((e) => !chose || chose[DM_KIND[e.kind]]).map((e) => line(e, t)).filter((l): l is string => !!l);
  if (!email || text.length === 0) return [];
  const actor = set.events.find((e) => e.actorEmail)?.actorEmail;
  if (sameAddress(actor, email) || ctx.muted.has(addressKey(email))) return [];
  return [{ type: 'person', email: addressKey(email), reason, text: text.join('\n'), locale }];
}

/** Every delivery one change set needs, channels first. */
export function route(set: ChangeSet, ctx: RoutingContext): Target[] {
  const t = set.ticket;
  const requester = personTarget(t.submittedByEmail, 'requester', (e, tr) => requesterLine(e, !!ctx.absorbedIntoResolution, tr), set, ctx);
  const agent = !ctx.agents || ctx.agents.has(addressKey(t.assignedTo));
  const assignee = personTarget(t.assignedTo, 'assignee', (e, tr) => assigneeLine(e, tr, agent, ctx.assignmentReason), set, ctx);
  // One person who is both requester and assignee gets one message.
  const people = assignee.length && requester.length && sameAddress(assignee[0].email, requester[0].email)
    ? [{ ...requester[0], text: `${requester[0].text}\n${assignee[0].text}` }]
    : [...requester, ...assignee];
  return [...channelTargets(set, ctx), ...people];
}

/** A stable key per target, so each target of each change is delivered once. */
export function targetKey(t: Target): string {
  return t.type === 'channel' ? `${t.platform}:${t.conversationId}` : `person:${t.email}:${t.reason}`;
}
