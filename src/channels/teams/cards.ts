/**
 * View models to Adaptive Cards: each view type has a template in cards/ (version 1.5,
 * Action.Execute), expanded with adaptivecards-templating from data prepared here. Every value a
 * template reads is defined, so no `${…}` is ever left in a card, and user text is only ever data
 * (templating does not evaluate expressions inside data values).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as ACData from 'adaptivecards-templating';
import { FORM_TEMPLATES } from '../../commands/registry';
import { VERBS } from '../../core';
import type { View } from '../../views/types';
import { action, assetData, confirmationData, errorData, formData, helpData, listData, noticeData, ticketData } from './card-data';
import { literal } from './card-text';
import { screenCard } from './screen-card';
import { fieldsCard } from './form-card';

export { literal };

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

/** Options for renderCard. */
export interface RenderCardConfig {
  /** Teams user ids whose clients refresh a ticket card to their own view (Universal Actions; at most 60 are kept). */
  refreshUserIds?: string[];
}

/** Teams refreshes a card automatically for at most 60 listed users. */
const MAX_REFRESH_USERS = 60;

/** A ticket card with the links a feature put under it (ticket-links.json), above its buttons; none when there are no links. */
function withLinks(card: Record<string, unknown>, view: View): Record<string, unknown> {
  if (view.type !== 'ticket' || !view.ticket.links?.links.length) return card;
  const parts = [expand('ticket-links', view.ticket.links)];
  const body = Array.isArray(card.body) ? [...(card.body as Record<string, unknown>[])] : [];
  const actions = body.findIndex((b) => b.type === 'ActionSet');
  body.splice(actions < 0 ? body.length : actions, 0, ...parts);
  return { ...card, body };
}

function cardData(view: Exclude<View, { type: 'screen' }>): [TemplateName, object] {
  switch (view.type) {
    case 'ticket':
      return ['ticket', ticketData(view.ticket)];
    case 'ticket-list':
      return ['ticket-list', listData(view.list)];
    case 'form':
      return [FORM_TEMPLATES[view.form.form], formData(view.form)];
    case 'help':
      return ['help', helpData(view.help)];
    case 'confirmation':
      return ['confirmation', confirmationData(view.confirmation)];
    case 'error':
      return ['error', errorData(view.error)];
    case 'asset-list':
      return ['asset-list', assetData(view.list)];
    case 'text':
      return ['text', { text: literal(view.text) }];
    case 'notice':
      return ['notice', noticeData(view.notice)];
  }
}

/** The refresh clause that lets each listed Teams user's client fetch their own view of a ticket card. */
export function refreshClause(view: View, userIds: readonly string[]): Record<string, unknown> | undefined {
  if (view.type !== 'ticket') return undefined;
  const action = { type: 'Action.Execute', title: view.ticket.labels.refresh, verb: VERBS.refresh, data: { ticketId: view.ticket.id } };
  return { action, userIds: userIds.slice(0, MAX_REFRESH_USERS) };
}

/**
 * The Adaptive Card (JSON) for a view, every word from the view (in its reader's language); ticket
 * cards get a refresh clause when refreshUserIds are given.
 */
export function renderCard(view: View, options: RenderCardConfig = {}): Record<string, unknown> {
  const card = view.type === 'help' ? helpCard(view)
    : view.type === 'screen' ? screenCard(view.screen)
    : view.type === 'form' && view.form.fields ? fieldsCard({ ...view.form, fields: view.form.fields })
    : withLinks(expand(...cardData(view)), view);
  const refresh = options.refreshUserIds?.length ? refreshClause(view, options.refreshUserIds) : undefined;
  return refresh ? { ...card, refresh } : card;
}

/**
 * A help view is built once per role and language (src/commands/help.ts), so its card is expanded
 * once per view too (keyed by its groups, which no reply changes); the card is never changed after.
 * Its buttons are laid on each card anew, as the template lays them: a writing button carries a
 * decision of its own on every help card (views/decisions.ts).
 */
const helpCards = new WeakMap<object, Record<string, unknown>>();
function helpCard(view: Extract<View, { type: 'help' }>): Record<string, unknown> {
  let card = helpCards.get(view.help.groups);
  if (!card) helpCards.set(view.help.groups, (card = expand(...cardData(view))));
  return { ...card, actions: view.help.actions.map((a) => ({ type: 'Action.Execute', ...action(a) })) };
}

/** A message attachment carrying a card. */
export function cardAttachment(card: Record<string, unknown>): { contentType: string; content: Record<string, unknown> } {
  return { contentType: 'application/vnd.microsoft.card.adaptive', content: card };
}
