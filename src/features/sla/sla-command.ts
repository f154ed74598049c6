/** `sla <id>` (agents): the SLA policy that applies to a ticket and each clock, with why. Private. */
import { formatDate, valueLabel } from '../../views/format';
import { normalizeLocale } from '../../i18n';
import { closedDaysText } from './business-time';
import { VERBS, type SlaClockReport, type SlaReport } from '../../core';
import type { Translate } from '../../i18n';
import { confirm, errorReply, needTicket, tr } from '../../commands/respond';
import { EVERYWHERE } from '../../commands/declaration';
import type { FeatureCommand, FeatureHandler, HostServices } from '../types';
import { slaReport, slaReportOf } from './sla-report';
import { targetOf } from './clock';
import { slaRoleOf } from './clock-roles';
import { firstResponseAt } from './first-response';
import { addressKey } from '../../core/vocabulary';
import type { Ticket } from '../../helpdesk/types';
import type { CommandContext } from '../../commands/types';
import type { Kysely } from 'kysely';
import { createSlaTable, type SlaTables } from './sla-table';

/** What `sla <id>` reads: the clocks the store keeps, under the policy in force (none without HELPDESK_SLA_FILE). */
export type SlaServices = Pick<HostServices, 'store' | 'slaPolicy' | 'vocabulary' | 'now' | 'timeZone'> & { db: Kysely<SlaTables> };


/** "1 h 20 min", "35 min": working time used or paused, read when the answer is sent. */
function span(t: Translate, ms: number): string {
  const minutes = Math.max(0, Math.round(Math.abs(ms) / 60_000));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return t('sla:command.m', { m });
  return m === 0 ? t('sla:command.h', { h }) : t('sla:command.hm', { h, m });
}

/** "in …" and "… ago": from a day on, days and hours ("12 days 3 h"; German "vor 12 Tagen 3 Std."), never "291 h 52 min". */
function until(t: Translate, ms: number): string {
  const hours = Math.round(Math.abs(ms) / 3_600_000);
  if (hours < 24) return span(t, ms);
  const count = Math.floor(hours / 24);
  const h = hours % 24;
  return h === 0 ? t('sla:command.days', { count }) : t('sla:command.daysHours', { count, h });
}

/** Dates the answer names: in the text in the reader's language (and zone, when known), shown by each platform as its own date where it speaks that language. */
type Dates = { text: string; iso: string }[];

function clockLine(t: Translate, r: SlaReport, c: SlaClockReport, locale: string, dates: Dates, zone?: string): string {
  const at = (ms: number | undefined) => {
    if (ms === undefined) return '';
    const iso = new Date(ms).toISOString();
    const text = formatDate(iso, locale, zone);
    dates.push({ text, iso });
    return text;
  };
  const states: Record<SlaClockReport['state'], string> = {
    running: t('sla:command.running', { at: at(c.due), left: until(t, (c.due ?? r.now) - r.now) }),
    paused: t('sla:command.paused', { at: at(c.due) }),
    breached: t('sla:command.breached', { at: at(c.due), ago: until(t, r.now - (c.due ?? r.now)) }),
    met: t('sla:command.met', { at: at(c.stoppedAt) }),
    missed: t('sla:command.missed', { at: at(c.due) }),
  };
  const why = [
    t('sla:command.used', { used: span(t, c.usedMs) }),
    ...c.pauses.map((p) => t('sla:command.pausedWhile', { span: span(t, p.ms), status: valueLabel(t, 'status', p.status) })),
    ...(c.closedDays?.length ? [t('sla:command.skipped', { days: closedDaysText(c.closedDays, normalizeLocale(locale), (count, weekdays) => t('sla:command.closedDays', { count, weekdays })) })] : c.skipped ? [c.skipped] : []),
  ];
  // The clock's name as the ticket card says it: one word for one thing on every surface.
  const name = t('sla:command.clockHead', { clock: t(`sla:clock.name.${c.kind}`), target: c.target });
  return `${name}: ${states[c.state]} (${why.join('; ')})`;
}

/**
 * The clocks of an open ticket the store has no record of: from its creation, status and priority
 * now, and its comments' first agent response (one read, only in this case). A closed one has none.
 */
async function untracked(ctx: CommandContext, ticket: Ticket, services: SlaServices, now: number): Promise<SlaReport | undefined> {
  if (slaRoleOf(services.vocabulary)(ticket.status) === 'done' || !services.slaPolicy) return undefined;
  const created = Date.parse(ticket.created);
  const [comments, agents] = await Promise.all([ctx.helpdesk.listComments(ctx.actor, ticket.id), ctx.helpdesk.activeAgents()]);
  const first = firstResponseAt(comments, ticket.submittedByEmail, new Set(agents.map((a) => addressKey(a.email))));
  return slaReportOf({ created, observations: [{ at: created, status: ticket.status, priority: ticket.priority }], ...(first !== undefined ? { firstResponseAt: first } : {}) }, services.slaPolicy, services.vocabulary, now);
}

/** Shows the ticket's clocks; the ticket is read first, so an unknown id says so as everywhere else. */
const sla: FeatureHandler<SlaServices> = async (ctx, input, _commands, services) => {
  const id = needTicket(ctx, input, slaCommand.usage);
  if (typeof id !== 'number') return id;
  const t = tr(ctx);
  if (!(await ctx.helpdesk.isAgent(ctx.actor.email))) return errorReply(t('sla:command.agentsOnly'));
  const ticket = await ctx.helpdesk.getTicket(ctx.actor, id);
  // No policy is no failure: the ticket exists and simply has no clock to show.
  if (!services.slaPolicy) return confirm(t('sla:command.off'));
  const now = services.now().getTime();
  const priority = valueLabel(t, 'priority', ticket.priority);
  if (!targetOf(services.slaPolicy.current(), ticket.priority)) return confirm(t('sla:command.noTarget', { id: ticket.id, priority }));
  // A ticket the poller has not kept clocks for (made while the policy was off, or not polled yet) is read as the tracker would take it in.
  const report = (await slaReport(createSlaTable(services.db), services.slaPolicy, services.vocabulary, ticket.id, now)) ?? (await untracked(ctx, ticket, services, now));
  if (!report) return confirm(t('sla:command.closedBefore', { id: ticket.id, priority }));
  const calendar = report.calendar === '24/7' ? t('sla:command.calendar247') : t('sla:command.calendarBusiness', { zone: report.timeZone });
  // The platform's own date speaks its client's language: used only when that is the answer's too.
  const platformDates = !ctx.clientLocale || normalizeLocale(ctx.clientLocale) === normalizeLocale(ctx.locale);
  // The dates are written out in the zone the person's client last told, else HELPDESK_TIME_ZONE.
  const zone = platformDates ? undefined : ((await services.store.personZone(ctx.actor.email)) ?? services.timeZone);
  const dates: Dates = [];
  const lines = [t('sla:command.title', { id: ticket.id, priority: valueLabel(t, 'priority', report.priority), calendar }), ...report.clocks.map((c) => clockLine(t, report, c, ctx.locale ?? 'en', dates, zone))];
  const reply = confirm(lines.join('\n'));
  if (reply.view.type === 'confirmation' && dates.length > 0 && platformDates) reply.view.confirmation.dates = dates;
  return reply;
};

/** `sla <ticket id>`. */
export const slaCommand: FeatureCommand<SlaServices> = {
  name: 'sla',
  usage: 'sla <ticket id>',
  description: 'sla:describe',
  who: 'agents',
  scopes: EVERYWHERE,
  menus: [],
  args: { kind: 'id' },
  verb: VERBS.sla,
  handles: { [VERBS.sla]: sla },
  answers: 'confirmation',
  examples: [{ name: 'sla', typed: 'sla {id}', ticket: 'open' }],
  helpGroup: 'work',
};
