/**
 * The `routing` answer in the reader's language: the rules in words, who is available now and why
 * not, today's assignments per agent, the queue, and the sources not read now. A pure function
 * of a snapshot, so its text is tested without a desk.
 */
import type { Translate } from '../../i18n';
import type { ConfirmationSection } from '../../views/types';
import type { AwayReason } from './away-reason';
import { SOURCES } from './availability';
import type { Why } from './decide';
import type { Group } from './rules';
import type { AgentLine, Snapshot } from './router';

/** A date in the answer, written out and kept with its instant (platforms show their own). */
export type DateOut = (ms: number) => string;

function takes(t: Translate, g: Group, isDefault: boolean): string {
  const parts: string[] = [];
  const m = g.match;
  if (m?.categories) parts.push(t('routing:rules.categories', { list: m.categories.join(', ') }));
  if (m?.spaces) parts.push(t('routing:rules.spaces', { list: m.spaces.join(', ') }));
  if (m?.priorities) parts.push(t('routing:rules.priorities', { list: m.priorities.join(', ') }));
  if (m && parts.length === 0) parts.push(t('routing:rules.everything'));
  if (isDefault) parts.push(t('routing:rules.theRest'));
  return parts.length ? parts.join('; ') : t('routing:rules.nothing');
}

function sources(t: Translate, g: Group): string {
  const a = g.availability;
  const list = [t('routing:source.own')];
  if (a.outOfOffice) list.push(t('routing:source.outOfOffice'));
  if (a.mailboxAutoReplies) list.push(t('routing:source.autoReplies'));
  if (a.teamsPresence) list.push(t(a.offlineIsAway ? 'routing:source.teamsOffline' : 'routing:source.teams'));
  if (a.slackAwayStatuses.length) list.push(t('routing:source.slackStatus', { list: a.slackAwayStatuses.join(', ') }));
  if (a.slackDnd) list.push(t('routing:source.slackDnd'));
  if (a.slackPresence) list.push(t('routing:source.slackPresence'));
  if (a.businessHours) list.push(t('routing:source.hours'));
  return list.join(', ');
}

function ruleLines(t: Translate, s: Snapshot): string[] {
  const { rules } = s;
  const lines = rules.groups.map((g) => {
    const fallback = g.fallback === 'wait' ? t('routing:rules.wait') : g.fallback === 'unassigned' ? t('routing:rules.unassigned') : t('routing:rules.toGroup', { group: g.fallback.group });
    return t('routing:rules.group', {
      name: g.name, method: t(`routing:method.${g.method}`), count: g.agents.length, takes: takes(t, g, rules.defaultGroup === g.name), fallback, sources: sources(t, g),
    });
  });
  if (!rules.defaultGroup) lines.push(t('routing:rules.noDefault'));
  if (rules.caps.default !== undefined) lines.push(t('routing:rules.cap', { cap: rules.caps.default }));
  for (const [agent, cap] of rules.caps.agents) lines.push(t('routing:rules.capOf', { agent, cap }));
  return lines;
}

/** Why an agent gets nothing now, in words. */
export function awayWords(t: Translate, reason: AwayReason, date: DateOut): string {
  switch (reason.source) {
    case 'own':
      return reason.until === undefined ? t('routing:why.own') : t('routing:why.ownUntil', { until: date(reason.until) });
    case 'out-of-office':
      return t('routing:why.outOfOffice');
    case 'auto-reply':
      return t('routing:why.autoReply');
    case 'teams':
      return t('routing:why.teams', { availability: reason.availability });
    case 'slack-status':
      return reason.until === undefined ? t('routing:why.slackStatus', { status: reason.status }) : t('routing:why.slackStatusUntil', { status: reason.status, until: date(reason.until) });
    case 'slack-dnd':
      return t('routing:why.slackDnd');
    case 'slack-presence':
      return t('routing:why.slackPresence');
  }
}

function agentLine(t: Translate, a: AgentLine, date: DateOut): string {
  const who = a.name ? `${a.name} <${a.address}>` : a.address;
  const load = a.cap === undefined ? t('routing:agent.load', { load: a.load }) : t('routing:agent.loadCap', { load: a.load, cap: a.cap });
  const today = t('routing:agent.today', { count: a.today });
  let state: string;
  if (!a.active) state = t('routing:why.inactive');
  else if (a.away) state = awayWords(t, a.away, date);
  else if (a.atCap) state = t('routing:why.atCap');
  else state = t('routing:agent.available');
  return t('routing:agent.line', { who, state, load, today });
}

/** Why a ticket waits, in words. */
export function waitWords(t: Translate, why: Why): string {
  return why.code === 'outside-hours' ? t('routing:queue.outsideHours') : t('routing:queue.nobody');
}

/** The answer's sections. */
export function routingSections(t: Translate, s: Snapshot, date: DateOut): { message: string; sections: ConfirmationSection[] } {
  const agents = s.agents.map((a) => agentLine(t, a, date));
  const queue = s.queue.map((q) => t('routing:queue.line', { id: q.ticketId, group: q.group, since: date(q.since), why: waitWords(t, q.why) }));
  const failing = [...s.failing.keys()].map((source) => t('routing:failing', { source: t(`routing:sourceName.${source}`), grant: SOURCES[source] }));
  const message = s.inHours === false ? `${t('routing:title')}\n${t('routing:outsideHours')}` : t('routing:title');
  return {
    message,
    sections: [
      { heading: t('routing:rules.heading'), lines: ruleLines(t, s), actions: [] },
      { heading: t('routing:agent.heading'), lines: agents.length ? agents : [t('routing:agent.none')], actions: [] },
      { heading: t('routing:queue.heading', { count: s.queue.length }), lines: queue.length ? queue : [t('routing:queue.empty')], actions: [] },
      ...(failing.length ? [{ heading: t('routing:failingHeading'), lines: failing, actions: [] }] : []),
    ],
  };
}
