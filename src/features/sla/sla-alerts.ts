/**
 * What SLA thresholds are told, owed through the outbox service: one line per threshold per SLA-subscribed channel
 * (in the ticket card's thread when the channel has one, else a message of its own), a DM to the
 * assignee, and one backlog summary per channel when a policy is new or changed. Keys are fixed
 * per ticket, clock and threshold, so the outbox says each once across restarts and replicas.
 */
import { createHash } from 'node:crypto';
import { matches, slaInner, type SubscriptionFilter } from '../../core';
import { addressKey } from '../../core/vocabulary';
import { ticketFromIndex } from '../../helpdesk/ticket-search';
import { backlogSummaryView } from './clock-view';
import { nameFor, namesOf, ticketView, type PeopleNames } from '../../views/ticket-view';
import type { ConfirmationView } from '../../views/types';
import type { Vocabulary } from '../../helpdesk/types';
import { translator, type Translate } from '../../i18n';
import { formatDate } from '../../views/format';
import type { Store } from '../../store/types';
import { personalCardReader } from '../../store/personal-cards';
import type { OutboxService, OwedSend } from '../../notify/ports';
import type { CardChange, SlaAlert, SlaFindings } from './clock-tracker';
import { backlogFor } from './sla-backlog';


/** "1 h 20 min", "35 min", "2 h", "3 days 4 h": relative wording for messages read when they are sent. */
export function spanText(t: Translate, ms: number): string {
  const minutes = Math.max(1, Math.round(Math.abs(ms) / 60_000));
  // From a day on, days and hours: "12 days 3 h ago", never "291 h 52 min ago".
  if (minutes >= 24 * 60) {
    const hours = Math.round(minutes / 60);
    const count = Math.floor(hours / 24);
    return hours % 24 === 0 ? t('sla:alerts.days', { count }) : t('sla:alerts.daysHours', { count, h: hours % 24 });
  }
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return t('sla:alerts.m', { m });
  return m === 0 ? t('sla:alerts.h', { h }) : t('sla:alerts.hm', { h, m });
}

/** The alert's sentence for a channel (`dm` false) or for the assignee; `names` (the agents' display names) name who holds it. */
export function alertText(locale: string, a: SlaAlert, now: number, dm: boolean, names?: PeopleNames): string {
  const t = translator(locale);
  const clock = t(`sla:clock.name.${a.clock.kind}`);
  const vars = { id: a.ticketId, title: a.title, clock, who: a.assignee ? t('sla:alerts.holds', { name: nameFor(names, a.assignee) }) : t('sla:alerts.nobody') };
  if (a.threshold.kind === 'escalation') return t('sla:alerts.escalation', { ...vars, ago: spanText(t, now - (a.clock.breachedAt ?? a.threshold.at)) });
  if (a.threshold.kind === 'warning') {
    // Each warning names its share of the target, so the 75 % and 90 % ones never read the same.
    const due = a.clock.due ?? now;
    const used = Math.round(a.threshold.fraction * 100);
    return t(dm ? 'sla:alerts.dmWarning' : 'sla:alerts.warning', { ...vars, used, at: formatDate(new Date(due).toISOString(), locale), left: spanText(t, due - now) });
  }
  return t(dm ? 'sla:alerts.dmBreach' : 'sla:alerts.breach', { ...vars, ago: spanText(t, now - (a.clock.breachedAt ?? a.threshold.at)) });
}

function backlogText(t: Translate, { tickets, breached, rows: first }: ReturnType<typeof backlogFor>): string {
  const rows = first.map((a) =>
    t('sla:alerts.backlogRow', { id: a.ticketId, title: a.title, clock: t(`sla:clock.name.${a.clock.kind}`), state: a.threshold.kind === 'warning' ? t('sla:alerts.state.warning') : t('sla:alerts.state.breach') }));
  const more = tickets > first.length ? `\n${t('sla:alerts.backlogMore', { count: tickets - first.length })}` : '';
  return `${t('sla:alerts.backlog', { count: tickets, breached, warned: tickets - breached })}\n${rows.join('\n')}${more}`;
}

/** Options for createSlaAlerts. */
export interface SlaAlertsConfig {
  store: Store;
  /** Where the alerts, summaries and card edits are owed, in one commit (src/notify/ports.ts OutboxService). */
  outbox: Pick<OutboxService, 'owe'>;
  vocabulary: Vocabulary;
  /** HELPDESK_LOCALE: conversations and people with no language of their own. */
  locale: string;
  /** The active agents (the help desk's cached list): a channel's alert names who holds the ticket. Absent: by address. */
  agents?: () => Promise<readonly { email: string; name: string }[]>;
}

/** Owes what the tracker found through the outbox service; the poller's drain sends it. */
export function createSlaAlerts(config: SlaAlertsConfig): (findings: SlaFindings, now: number) => Promise<void> {
  const { store, outbox } = config;
  const createdAt = (now: number) => new Date(now).toISOString();

  /**
   * A card edit for each conversation showing a ticket whose clock lines changed, but not where
   * this cycle already owes that card an edit (the send reads the clocks, so it shows them too).
   * The card is rebuilt from the store's copy of the ticket: no Graph read.
   */
  async function cardUpdates(changes: readonly CardChange[], at: string): Promise<OwedSend[]> {
    const out: OwedSend[] = [];
    let languages: Map<string, string> | undefined;
    for (const change of changes) {
      const posted = await store.postedMessages(change.ticketId);
      if (posted.length === 0) continue;
      const owed = new Set((await store.pendingCards(change.ticketId)).map((c) => `${c.platform}:${c.conversationId}`));
      // A card in a person's own chat shows their view, with no clocks for a requester: the poll's edits keep it current.
      const personal = await Promise.all(posted.map((p) => personalCardReader(store, p)));
      const waiting = posted.filter((p, i) => !personal[i] && !owed.has(`${p.platform}:${p.conversationId}`));
      if (waiting.length === 0) continue;
      const [doc] = await store.searchTickets({ words: [String(change.ticketId)], limit: 1 });
      if (!doc || doc.id !== change.ticketId) continue;
      const ticket = { ...ticketFromIndex(doc), ...(change.link ? { webUrl: change.link } : {}) };
      languages ??= await store.conversationLocales();
      // The index keeps the assignee's name (the poller's cards show it): the clock edit names them the same way.
      const assigneeNamed = new Map(doc.assigneeName && doc.assigneeName !== doc.assigneeEmail ? [[addressKey(doc.assigneeEmail), doc.assigneeName]] : []);
      const version = createHash('sha1').update(JSON.stringify(change.clocks)).digest('hex').slice(0, 12);
      for (const p of waiting) {
        const where = { platform: p.platform, conversationId: p.conversationId };
        const locale = languages.get(`${p.platform}:${p.conversationId}`) ?? config.locale;
        const view = ticketView(ticket, [], { email: '', isAgent: true, locale }, config.vocabulary, undefined, assigneeNamed);
        // An edit of the card the conversation shows (notify marks the conversation as showing it).
        out.push({
          key: `sla-card:${change.ticketId}:${change.seen}:${version}>${p.platform}:${p.conversationId}>card`,
          ticketId: change.ticketId, createdAt: at,
          payload: { kind: 'card', ...where, view, etag: doc.etag },
        });
      }
    }
    return out;
  }

  /** The agents' names by lower-cased address; none when the list cannot be read (the alert names them by address). */
  async function agentNames(): Promise<PeopleNames> {
    try {
      return namesOf((await config.agents?.()) ?? []);
    } catch {
      // The help desk service logged the Graph failure; the alert still goes, naming the holder by address.
      return new Map();
    }
  }

  return async (findings, now) => {
    const cardIntents = await cardUpdates(findings.cards ?? [], createdAt(now));
    if (findings.alerts.length === 0 && findings.backlog.tickets === 0) {
      if (cardIntents.length > 0) await outbox.owe(cardIntents);
      return;
    }
    const channels = (await store.allSubscriptions()).filter((s) => s.filter.kind === 'sla');
    const names = findings.alerts.some((a) => a.assignee) ? await agentNames() : undefined;
    const languages = await store.conversationLocales();
    const intents: OwedSend[] = [...cardIntents];
    const wants = (filter: SubscriptionFilter, a: SlaAlert) =>
      filter.kind === 'sla' && matches(slaInner(filter), a.facts, config.vocabulary.highPriorities);
    for (const sub of channels) {
      const { platform, id } = sub.conversation;
      const locale = languages.get(`${platform}:${id}`) ?? config.locale;
      const t = translator(locale);
      const line = (key: string, ticketId: number, text: string, mention?: string, view?: ConfirmationView) =>
        intents.push({ key: `${key}>${platform}:${id}`, ticketId, createdAt: createdAt(now), payload: { kind: 'line', platform, conversationId: id, text, orPost: true, ...(mention ? { mention } : {}), ...(view ? { view } : {}) } });
      // An escalation @mentions the assignee, so it goes out as a message of its own.
      for (const a of findings.alerts) if (wants(sub.filter, a)) line(a.key, a.ticketId, alertText(locale, a, now, false, names), a.threshold.kind === 'escalation' && a.assignee ? a.assignee : undefined);
      const backlog = backlogFor(findings.backlog, (facts) => wants(sub.filter, { facts } as SlaAlert));
      if (backlog.tickets > 0) {
        const text = backlogText(t, backlog);
        line(`sla-backlog:${findings.policy}`, 0, text, undefined, backlogSummaryView(text, locale));
      }
    }
    const assignees = [...new Set(findings.alerts.map((a) => a.assignee).filter(Boolean))];
    const muted = await store.mutedAmong(assignees);
    const people = await store.personLocales(assignees);
    for (const a of findings.alerts) {
      // The escalation is the channel's; the assignee was told at the breach.
      if (a.threshold.kind === 'escalation') continue;
      if (!a.assignee || muted.has(a.assignee.trim().toLowerCase())) continue;
      const locale = people.get(a.assignee.trim().toLowerCase()) ?? config.locale;
      const text = alertText(locale, a, now, true, names);
      intents.push({ key: `${a.key}>dm:${a.assignee.toLowerCase()}`, ticketId: a.ticketId, createdAt: createdAt(now), payload: { kind: 'dm', email: a.assignee, text, reason: 'assignee', locale, urgent: true } });
    }
    // Keys already pending or delivered are ignored by the outbox: a retold threshold is said once.
    if (intents.length > 0) await outbox.owe(intents);
  };
}
