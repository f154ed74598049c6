/**
 * What SLA thresholds are told, as outbox rows: one line per threshold per SLA-subscribed channel
 * (in the ticket card's thread when the channel has one, else a message of its own), a DM to the
 * assignee, and one backlog summary per channel when a policy is new or changed. Keys are fixed
 * per ticket, clock and threshold, so the outbox says each once across restarts and replicas.
 */
import { slaInner, type SubscriptionFilter } from '../core';
import type { Ticket, Vocabulary } from '../helpdesk/types';
import { translator, type Translate } from '../i18n';
import type { DeliveryIntent, Store } from '../store/types';
import { channelLane, dmLane, type OutboxPayload } from './deliver';
import { matches } from './routing';
import type { SlaAlert, SlaFindings } from './sla';

/** How many tickets a backlog summary names; the rest are counted. */
const BACKLOG_ROWS = 5;

/** "1 h 20 min", "35 min", "2 h": relative wording for messages read when they are sent. */
export function spanText(t: Translate, ms: number): string {
  const minutes = Math.max(1, Math.round(Math.abs(ms) / 60_000));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return t('notify:sla.m', { m });
  return m === 0 ? t('notify:sla.h', { h }) : t('notify:sla.hm', { h, m });
}

/** The alert's sentence for a channel (`dm` false) or for the assignee. */
export function alertText(t: Translate, a: SlaAlert, now: number, dm: boolean): string {
  const clock = t(`notify:sla.clock.${a.clock.kind}`);
  const vars = { id: a.ticketId, title: a.title, clock, who: a.assignee ? t('notify:sla.holds', { name: a.assignee }) : t('notify:sla.nobody') };
  if (a.threshold.kind === 'escalation') return t('notify:sla.escalation', { ...vars, ago: spanText(t, now - (a.clock.breachedAt ?? a.threshold.at)) });
  if (a.threshold.kind === 'warning') return t(dm ? 'notify:sla.dmWarning' : 'notify:sla.warning', { ...vars, left: spanText(t, (a.clock.due ?? now) - now) });
  return t(dm ? 'notify:sla.dmBreach' : 'notify:sla.breach', { ...vars, ago: spanText(t, now - (a.clock.breachedAt ?? a.threshold.at)) });
}

function backlogText(t: Translate, alerts: readonly SlaAlert[]): string {
  const breached = alerts.filter((a) => a.threshold.kind !== 'warning').length;
  const rows = alerts.slice(0, BACKLOG_ROWS).map((a) =>
    t('notify:sla.backlogRow', { id: a.ticketId, title: a.title, clock: t(`notify:sla.clock.${a.clock.kind}`), state: a.threshold.kind === 'warning' ? t('notify:sla.state.warning') : t('notify:sla.state.breach') }));
  const more = alerts.length > BACKLOG_ROWS ? `\n${t('notify:sla.backlogMore', { count: alerts.length - BACKLOG_ROWS })}` : '';
  return `${t('notify:sla.backlog', { count: alerts.length, breached, warned: alerts.length - breached })}\n${rows.join('\n')}${more}`;
}

/** Options for createSlaAlerts. */
export interface SlaAlertsConfig {
  store: Store;
  vocabulary: Vocabulary;
  /** HELPDESK_LOCALE: conversations and people with no language of their own. */
  locale: string;
}

/** Owes what the tracker found: commits the outbox rows; the poller's drain sends them. */
export function createSlaAlerts(config: SlaAlertsConfig): (findings: SlaFindings, now: number) => Promise<void> {
  const { store } = config;
  return async (findings, now) => {
    if (findings.alerts.length === 0 && findings.backlog.length === 0) return;
    const channels = (await store.allSubscriptions()).filter((s) => s.filter.kind === 'sla');
    const languages = await store.conversationLocales();
    const createdAt = new Date(now).toISOString();
    const wants = (filter: SubscriptionFilter, a: SlaAlert) =>
      filter.kind === 'sla' && matches(slaInner(filter), a.facts as Ticket, config.vocabulary.highPriorities);
    const intents: DeliveryIntent[] = [];
    for (const sub of channels) {
      const { platform, id } = sub.conversation;
      const t = translator(languages.get(`${platform}:${id}`) ?? config.locale);
      const line = (key: string, ticketId: number, text: string, mention?: string) =>
        intents.push({ key: `${key}>${platform}:${id}`, lane: channelLane(platform, id), ticketId, createdAt, payload: { kind: 'line', platform, conversationId: id, text, orPost: true, ...(mention ? { mention } : {}) } satisfies OutboxPayload });
      // An escalation @mentions the assignee, so it goes out as a message of its own.
      for (const a of findings.alerts) if (wants(sub.filter, a)) line(a.key, a.ticketId, alertText(t, a, now, false), a.threshold.kind === 'escalation' && a.assignee ? a.assignee : undefined);
      const backlog = findings.backlog.filter((a) => wants(sub.filter, a));
      if (backlog.length > 0) line(`sla-backlog:${findings.policy}`, 0, backlogText(t, backlog));
    }
    const assignees = [...new Set(findings.alerts.map((a) => a.assignee).filter(Boolean))];
    const muted = await store.mutedAmong(assignees);
    const people = await store.personLocales(assignees);
    for (const a of findings.alerts) {
      // The escalation is the channel's; the assignee was told at the breach.
      if (a.threshold.kind === 'escalation') continue;
      if (!a.assignee || muted.has(a.assignee.trim().toLowerCase())) continue;
      const locale = people.get(a.assignee.trim().toLowerCase()) ?? config.locale;
      const text = alertText(translator(locale), a, now, true);
      intents.push({ key: `${a.key}>dm:${a.assignee.toLowerCase()}`, lane: dmLane(a.assignee), ticketId: a.ticketId, createdAt, payload: { kind: 'dm', email: a.assignee, text, reason: 'assignee', locale, urgent: true } satisfies OutboxPayload });
    }
    // Keys already pending or delivered are ignored by the outbox: a retold threshold is said once.
    if (intents.length > 0) await store.commitCycleWithDeliveries({ watermarks: {}, states: [], processedKeys: [] }, intents);
  };
}
