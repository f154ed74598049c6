/**
 * `report [7|30|90 days] [space <id> | category <name>]` and `report export [days]`, for agents,
 * in a personal chat or a channel. The report reads the store only (0 Graph requests beyond the
 * ticket service's cached agent list, which decides who is an agent); the export writes one file
 * to the site's library.
 */
import type { Kysely } from 'kysely';
import { VERBS } from '../../core';
import { EVERYWHERE } from '../../commands/declaration';
import { errorReply, privately, tr } from '../../commands/respond';
import type { CommandContext, Reply } from '../../commands/types';
import { addressKey } from '../../core/vocabulary';
import type { FeatureCommand, FeatureHandler, HostServices } from '../types';
import { createDriveClient } from '../files/drive';
import { REPORT_DAYS } from './report-numbers';
import { readReport } from './report-read';
import type { ReportFilter, ReportTables } from './report-table';
import { reportView } from './report-view';
import { exportRecords, writeExport } from './report-export';

/** What the reports feature is handed. */
export type ReportServices = Pick<HostServices, 'store' | 'slaPolicy' | 'timeZone' | 'now' | 'graph' | 'logger' | 'vocabulary'> & { db: Kysely<ReportTables> };

/** What was typed, read: a report or an export, over how many days, of what. */
export type ReportAsk = { export: false; days: number; filter: ReportFilter } | { export: true; days: number };

/** Reads the words after `report`; a string is the catalog key of what is wrong (with `value`). */
export function parseReport(text: string): ReportAsk | { problem: string; value: string; what?: string } {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const isExport = words[0]?.toLowerCase() === 'export';
  if (isExport) words.shift();
  let days = 30;
  if (words.length && /^\d+d?$/i.test(words[0])) {
    const raw = words.shift()!;
    days = parseInt(raw, 10);
    if (words.length && /^(days?|tage?n?)$/i.test(words[0])) words.shift();
    if (isExport ? !(days >= 1 && days <= 365) : !(REPORT_DAYS as readonly number[]).includes(days)) return { problem: isExport ? 'reports:badExportDays' : 'reports:badDays', value: raw };
  }
  if (isExport) return words.length ? { problem: 'reports:badArgs', value: words.join(' ') } : { export: true, days };
  if (words.length === 0) return { export: false, days, filter: { kind: 'all' } };
  const kind = words[0].toLowerCase();
  if (kind !== 'space' && kind !== 'category') return { problem: 'reports:badArgs', value: words.join(' ') };
  const value = words.slice(1).join(' ');
  if (!value) return { problem: 'reports:needFilterValue', value: '', what: kind };
  return { export: false, days, filter: { kind, value } };
}

/** The reader's zone: the one their client reported, else the desk's. */
async function zoneOf(ctx: CommandContext, services: ReportServices): Promise<string> {
  return (await services.store.personZone(ctx.actor.email).catch(() => undefined)) ?? services.timeZone;
}

/** The report, as a screen of charts with their numbers. */
async function report(ctx: CommandContext, days: number, filter: ReportFilter, services: ReportServices): Promise<Reply> {
  const zone = await zoneOf(ctx, services);
  const data = await readReport(services.db, { days, filter, now: services.now().getTime(), zone, policy: services.slaPolicy?.current() });
  // The agent list the role check just read (cached by the service): names instead of addresses.
  const agents = await ctx.helpdesk.activeAgents().catch(() => []);
  const names = new Map(agents.map((a) => [addressKey(a.email), a.name || a.email]));
  return privately({ type: 'screen', screen: reportView(data, names, ctx.locale) });
}

/** The export: the CSV in the library, answered with its link. */
async function exportCsv(ctx: CommandContext, days: number, services: ReportServices): Promise<Reply> {
  const t = tr(ctx);
  const zone = await zoneOf(ctx, services);
  const now = services.now().getTime();
  const records = await exportRecords(services.db, days, now, zone);
  try {
    const file = await writeExport(createDriveClient(services.graph, services.logger), records, now, zone);
    return privately({ type: 'confirmation', confirmation: { message: `${t('reports:export.done', { count: records.length, days, name: file.name })}\n${file.webUrl}`, tone: 'success', actions: [] } });
  } catch (error) {
    // The drive client cancelled any half-sent upload; the agent is told, the log has the cause.
    services.logger.warn('the report export could not be written to the library', { error });
    return errorReply(t('reports:export.failed', { reason: (error as Error).message }));
  }
}

/** `report …`. */
const handle: FeatureHandler<ReportServices> = async (ctx, input, _commands, services) => {
  const t = tr(ctx);
  if (!(await ctx.helpdesk.isAgent(ctx.actor.email))) return errorReply(t('reports:agentsOnly'));
  const ask = parseReport(input.values?.args ?? input.text ?? '');
  if ('problem' in ask) return errorReply(t(ask.problem, { value: ask.value, what: ask.what }), reportCommand.usage);
  return ask.export ? exportCsv(ctx, ask.days, services) : report(ctx, ask.days, ask.filter, services);
};

/** `report [7|30|90 days] [space <id> | category <name>]`, `report export [days]`. */
export const reportCommand: FeatureCommand<ReportServices> = {
  name: 'report',
  usage: 'report [7|30|90 days] [space <id> | category <name>] | report export [days]',
  description: 'reports:describe',
  who: 'agents',
  scopes: EVERYWHERE,
  menus: [],
  args: { kind: 'text', key: 'args' },
  verb: VERBS.report,
  handles: { [VERBS.report]: handle },
  answers: 'screen',
  examples: [
    { name: 'report', typed: 'report 30 days', values: { args: '30 days' } },
    { name: 'report of a category', typed: 'report 7 days category Hardware', values: { args: '7 days category Hardware' } },
  ],
  helpGroup: 'work',
};
