/**
 * View models to Adaptive Cards: each view type has a template in cards/ (version 1.5,
 * Action.Execute), expanded with adaptivecards-templating from data prepared here. Every value a
 * template reads is defined, so no `${…}` is ever left in a card, and user text is only ever data
 * (templating does not evaluate expressions inside data values).
 */
import { FORM_TEMPLATES } from '../../commands/registry';
import { FORM_FIELDS } from '../../views/forms';
import { earlierCommentsText } from '../../views/ticket-view';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as ACData from 'adaptivecards-templating';
import { VERBS, type Notice, type StatusRole } from '../../core';
import type { Translate } from '../../i18n';
import { cardDateTime, cardLabels, cardTranslator } from './card-text';
import type {
  ActionView,
  AssetListView,
  ConfirmationView,
  ErrorView,
  FormView,
  HelpView,
  TicketListView,
  TicketSummaryView,
  TicketView,
  View,
} from '../../views/types';

const CARDS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../cards');

/** Template file per view type; each form's template is named by the command that opens it. */
export const TEMPLATES = ['ticket', 'ticket-list', 'help', 'confirmation', 'error', 'text', 'asset-list', 'notice', ...Object.values(FORM_TEMPLATES)];
export type TemplateName = string;

const cache = new Map<TemplateName, ACData.Template>();

function template(name: TemplateName): ACData.Template {
  let t = cache.get(name);
  if (!t) {
    t = new ACData.Template(JSON.parse(readFileSync(path.join(CARDS_DIR, `${name}.json`), 'utf8')));
    cache.set(name, t);
  }
  return t;
}

/** Expands one template with prepared data; exported for the render tests. */
export function expand(name: TemplateName, data: object): Record<string, unknown> {
  return template(name).expand({ $root: data }) as Record<string, unknown>;
}

/**
 * Text shown literally in a TextBlock or Fact: Teams reads those as markdown, so a title like
 * `[here](https://…)` would become a live link and `**x**` bold. Only what Adaptive Cards'
 * markdown subset acts on is backslash-escaped (emphasis, link brackets, line-start list markers,
 * and the backslash itself), so a name like "Dana (IT)" shows no stray escapes; inputs (form
 * values) are never escaped.
 */
export function literal(text: string): string {
  return text
    .replace(/[\\*_[\]]/g, (c) => `\\${c}`)
    .replace(/^(\s*)([-+])(?=\s)/gm, '$1\\$2')
    .replace(/^(\s*\d+)\.(?=\s)/gm, '$1\\.');
}

/** Card colour by what the status means, not how it is spelled. */
const ROLE_COLORS: Record<StatusRole, string> = { new: 'Accent', working: 'Warning', waiting: 'Default', done: 'Good' };

/** A view's summary dates may carry the ISO time (views add `modified`); older views only the text. */
type WithIso = TicketSummaryView & { modified?: string };

function action(a: ActionView) {
  const data: Record<string, unknown> = { ...a.data };
  if (a.ticketId !== undefined) data.ticketId = a.ticketId;
  if (a.etag !== undefined) data.etag = a.etag;
  return { title: a.title, verb: a.verb, style: a.style ?? 'default', data };
}

function summaryLine(tr: Translate, t: WithIso): string {
  const who = t.assignee ? tr('teams:card.assignedTo', { name: t.assigneeName || t.assignee }) : tr('teams:card.nobody');
  const line = tr('teams:card.summary', { status: label(t, 'status'), priority: label(t, 'priority'), who, requester: t.requesterName, updated: '\u0000' });
  // The date goes in after escaping: DATE()/TIME() must reach Teams as written.
  return literal(line).replace('\u0000', cardDateTime(t.modified, t.modifiedText));
}

/** A status or priority as the reader's language names it, when the view carries that label. */
function label(t: object, kind: 'status' | 'priority' | 'category'): string {
  const labelled = (t as Record<string, unknown>)[`${kind}Label`];
  return typeof labelled === 'string' && labelled ? labelled : String((t as Record<string, unknown>)[kind] ?? '');
}

function summary(tr: Translate, t: TicketSummaryView) {
  return { id: t.id, title: literal(t.title), line: summaryLine(tr, t), notice: literal(t.notice ?? ''), actions: t.actions.map(action) };
}

/** A lost race or refusal stands out; a confirmation ("Resolved by …") reads as good news. */
function noticeStyle(notice: Notice | undefined): 'attention' | 'good' {
  return notice && notice.tone !== 'success' ? 'attention' : 'good';
}

function ticketData(tr: Translate, t: TicketView) {
  return {
    id: t.id,
    title: literal(t.title),
    status: literal(label(t, 'status')),
    statusColor: t.statusRole ? ROLE_COLORS[t.statusRole] : 'Default',
    priority: literal(label(t, 'priority') || '—'),
    category: literal(label(t, 'category') || '—'),
    requesterText: literal(t.requesterText),
    assigneeText: literal(t.assigneeText || t.assignee || tr('teams:card.unassigned')),
    link: t.link ?? '',
    createdText: cardDateTime(t.created, t.createdText),
    modifiedText: cardDateTime(t.modified, t.modifiedText),
    description: literal(t.description),
    notice: literal(t.notice?.text ?? ''),
    noticeStyle: noticeStyle(t.notice),
    olderComments: t.olderComments,
    olderText: earlierCommentsText(t.olderComments),
    comments: t.comments.map((c) => ({
      heading: `${literal([...(c.internal ? [tr('teams:card.internalNote')] : []), c.author].join(' · '))} · ${cardDateTime(c.created, c.createdText)}`,
      body: literal(c.body),
      containerStyle: c.internal ? 'warning' : 'emphasis',
    })),
    actionRows: rows(t.actions.map(action)),
  };
}

/** Teams shows at most a handful of buttons per action set; agents get two rows instead of an error. */
const BUTTONS_PER_ROW = 4;

function rows<T>(items: T[]): { actions: T[] }[] {
  const out: { actions: T[] }[] = [];
  for (let i = 0; i < items.length; i += BUTTONS_PER_ROW) out.push({ actions: items.slice(i, i + BUTTONS_PER_ROW) });
  return out;
}

function listData(tr: Translate, l: TicketListView) {
  return { title: literal(l.title), emptyText: literal(l.emptyText), footer: literal(l.footer ?? ''), tickets: l.tickets.map((x) => summary(tr, x)), actions: (l.actions ?? []).map(action) };
}

/**
 * Teams reads `<ticket id>` in a TextBlock as an HTML tag and drops it, so usage placeholders are
 * shown with angle quotes instead: `claim ‹ticket id›`.
 */
function placeholders(usage: string): string {
  return usage.replace(/<([^<>]+)>/g, '‹$1›');
}

function helpData(h: HelpView) {
  const commands = h.commands.map((c) => ({ usage: placeholders(c.usage), description: c.description }));
  return { title: h.title, intro: h.intro, commands, actions: h.actions.map(action) };
}

function confirmationData(tr: Translate, c: ConfirmationView) {
  return { message: literal(c.message), hasTicket: Boolean(c.ticket), ticket: c.ticket ? summary(tr, c.ticket) : {}, actions: c.actions.map(action) };
}

function errorData(e: ErrorView) {
  return { message: literal(e.message), usage: placeholders(e.usage ?? '') };
}

function assetData(l: AssetListView) {
  return {
    title: literal(l.title),
    emptyText: literal(l.emptyText),
    assets: l.assets.map((a) => ({
      ...a,
      title: literal(a.title),
      assetTag: literal(a.assetTag),
      type: literal(a.type),
      status: literal(a.status),
      holderText: literal(a.holder || '—'),
      modelText: literal([a.manufacturer, a.model].filter(Boolean).join(' ') || '—'),
      serialNumber: literal(a.serialNumber || '—'),
      warrantyText: a.warrantyText || '—',
    })),
  };
}

function formData(f: FormView) {
  const fields = FORM_FIELDS[f.form];
  const errors: Record<string, string> = Object.fromEntries(fields.map((name) => [name, '']));
  const other: string[] = [];
  for (const e of f.errors) {
    if (e.field in errors) errors[e.field] = errors[e.field] ? `${errors[e.field]} ${e.message}` : e.message;
    else other.push(e.message);
  }
  const values: Record<string, string> = Object.fromEntries(fields.map((name) => [name, f.values[name] ?? '']));
  const submitData: Record<string, unknown> = {};
  if (f.ticketId !== undefined) submitData.ticketId = f.ticketId;
  if (f.etag !== undefined) submitData.etag = f.etag;
  if (f.sourceLink) submitData.sourceLink = f.sourceLink;
  const choices = (list: readonly string[]) => list.map((v) => ({ title: v, value: v }));
  return {
    title: literal(f.title),
    submitVerb: f.submitVerb,
    // Ticket forms replace the ticket card; this is the way back without submitting.
    backVerb: VERBS.show,
    submitData,
    values,
    errors,
    otherErrors: other.join(' '),
    sourceLink: f.sourceLink ?? '',
    allowInternal: Boolean(f.allowInternal),
    allowCategory: Boolean(f.allowCategory),
    priorityChoices: choices(f.priorities),
    categoryChoices: choices(f.categories),
    assigneeChoices: (f.assignees ?? []).map((a) => ({ title: `${a.name} (${a.email})`, value: a.email })),
  };
}

/** Options for renderCard. */
export interface RenderCardConfig {
  /** The reader's locale ('de-DE'); the templates' labels are in its language (unknown: English). */
  locale?: string;
  /** Teams user ids whose clients refresh a ticket card to their own view (Universal Actions; at most 60 are kept). */
  refreshUserIds?: string[];
}

/** Teams refreshes a card automatically for at most 60 listed users. */
const MAX_REFRESH_USERS = 60;

function cardData(tr: Translate, view: View): [TemplateName, object] {
  switch (view.type) {
    case 'ticket':
      return ['ticket', ticketData(tr, view.ticket)];
    case 'ticket-list':
      return ['ticket-list', listData(tr, view.list)];
    case 'form':
      return [FORM_TEMPLATES[view.form.form], formData(view.form)];
    case 'help':
      return ['help', helpData(view.help)];
    case 'confirmation':
      return ['confirmation', confirmationData(tr, view.confirmation)];
    case 'error':
      return ['error', errorData(view.error)];
    case 'asset-list':
      return ['asset-list', assetData(view.list)];
    case 'text':
      return ['text', { text: literal(view.text) }];
    case 'notice': {
      const n = view.notice;
      return ['notice', { ticketId: n.ticketId, title: literal(n.title), text: literal(n.text), line: literal(`${n.status} · ${n.priority}`), link: n.link ?? '', actions: n.actions.map(action) }];
    }
  }
}

function cardBody(view: View, locale: string | undefined): Record<string, unknown> {
  const tr = cardTranslator(locale);
  const [name, data] = cardData(tr, view);
  return expand(name, { ...data, labels: cardLabels(tr) });
}

/** The Adaptive Card (JSON) for a view; ticket cards get a refresh clause when refreshUserIds are given. */
export function renderCard(view: View, options: RenderCardConfig = {}): Record<string, unknown> {
  const card = cardBody(view, options.locale);
  const userIds = options.refreshUserIds?.slice(0, MAX_REFRESH_USERS);
  if (view.type === 'ticket' && userIds?.length) {
    card.refresh = {
      action: { type: 'Action.Execute', title: cardTranslator(options.locale)('teams:card.refresh'), verb: VERBS.refresh, data: { ticketId: view.ticket.id } },
      userIds,
    };
  }
  return card;
}

/** A message attachment carrying a card. */
export function cardAttachment(card: Record<string, unknown>): { contentType: string; content: Record<string, unknown> } {
  return { contentType: 'application/vnd.microsoft.card.adaptive', content: card };
}
