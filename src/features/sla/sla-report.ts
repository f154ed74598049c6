/** `sla <id>`'s answer: a ticket's clocks derived now from the history the store keeps and the policy in force. */
import type { CardClock, SlaReport } from '../../core';
import type { RoleVocabulary } from '../../core/vocabulary';
import { skippedDays, describeSkipped, type SkippedDays } from './business-time';
import { deriveClocks } from './clock';
import { slaRoleOf } from './clock-roles';
import type { PolicySource } from './policy-source';
import type { SlaStore, TicketHistory } from './sla-table';

/** The report of one ticket, or undefined when it has no clock (never seen open under a policy, or no target for its priority). */
export async function slaReport(store: Pick<SlaStore, 'slaRecords'>, source: PolicySource, vocabulary: RoleVocabulary, ticketId: number, now: number): Promise<SlaReport | undefined> {
  const record = (await store.slaRecords([ticketId])).get(ticketId);
  return record && slaReportOf(record.history, source, vocabulary, now);
}

/** The report of one history: the clocks the policy gives it now, or undefined when its priority has no target. */
export function slaReportOf(history: TicketHistory, source: PolicySource, vocabulary: RoleVocabulary, now: number): SlaReport | undefined {
  const record = { history };
  const policy = source.current();
  const clocks = deriveClocks(policy, record.history, now, slaRoleOf(vocabulary));
  if (clocks.length === 0) return undefined;
  const calendar = clocks[0].calendar;
  return {
    now,
    priority: clocks[0].priority,
    calendar,
    timeZone: policy.timeZone,
    clocks: clocks.map((c) => {
      const byStatus = new Map<string, number>();
      for (const p of c.pauses) byStatus.set(p.status, (byStatus.get(p.status) ?? 0) + Math.min(p.to ?? now, now) - p.from);
      const end = Math.min(c.stoppedAt ?? now, now);
      return {
        kind: c.kind,
        target: c.target.text,
        state: c.state,
        ...(c.due !== undefined ? { due: c.due } : {}),
        ...(c.stoppedAt !== undefined ? { stoppedAt: c.stoppedAt } : {}),
        usedMs: c.usedMs,
        // One waiting status (the usual case) gets the clock's own working-time figure; several, their wall time each.
        pauses: [...byStatus].map(([status, ms]) => ({ status, ms: byStatus.size === 1 ? c.pausedMs : ms })),
        ...skipped(skippedDays(c.startedAt, end, policy.calendars[c.calendar])),
      };
    }),
  };
}

/** What agents' cards show of these tickets' clocks, as the store keeps them (no arithmetic, no Graph read). */
export async function slaCardClocks(store: Pick<SlaStore, 'slaRecords'>, ids: number[]): Promise<Map<number, CardClock[]>> {
  const out = new Map<number, CardClock[]>();
  if (ids.length === 0) return out;
  for (const [id, r] of await store.slaRecords(ids)) if (r.clocks && r.clocks.length > 0) out.set(id, r.clocks);
  return out;
}

/** Skipped days as the report gives them: English words for logs, the runs for the reader's words. */
function skipped(runs: SkippedDays[]): { skipped: string; closedDays: SkippedDays[] } {
  return { skipped: describeSkipped(runs), closedDays: runs };
}
