/**
 * Keeps the moments the reports measure, from what each poll cycle (and each write of the bot)
 * already read: no Graph request of its own. A ticket seen in a `done` status after being open
 * was resolved at its `modified`; a public comment by anyone but the requester is a first response
 * (src/features/sla/first-response.ts, as the SLA clocks count it when no agent list is given: the
 * hook reads no Graph, and the ticket service's agent list is a Graph read). What happened before the feature first ran is not guessed: the rows copied
 * from the search index carry no moments, and the report says how many it could not count.
 */
import type { Kysely } from 'kysely';
import { isDone, type RoleVocabulary } from '../../core/vocabulary';
import type { Comment, Ticket } from '../../helpdesk/types';
import type { CycleHook } from '../types';
import { isFirstResponse } from '../sla/first-response';
import { createSlaTable, type SlaTables } from '../sla/sla-table';
import { createReportTable, type ReportRow, type ReportTables } from './report-table';

/** Rows copied from the search index per cycle, until every earlier ticket has one. */
export const COPY_BATCH = 20_000;

/** What the hook is handed. */
export interface PointsConfig {
  /** The store's database: the reports' table, the SLA feature's and the search index. */
  db: Kysely<any>;
  vocabulary: RoleVocabulary;
  /** Whether an SLA policy is set: then a resolution records whether its clocks were met. */
  sla: boolean;
}

/** A ticket's row after seeing it as `t`; `before` is its row so far, `since` when the feature began measuring. */
export function seenTicket(t: Ticket, before: ReportRow | undefined, since: number, vocabulary: RoleVocabulary): ReportRow {
  const done = isDone(vocabulary, t.status);
  const created = Date.parse(t.created);
  const row: ReportRow = {
    ...before, id: t.id, created, status: t.status, open: !done, assignee: t.assignedTo.trim(), category: t.category,
  };
  if (t.spaceId) row.spaceId = t.spaceId;
  else delete row.spaceId;
  if (!done) {
    // Reopened: the earlier resolution no longer stands; the next one is measured from creation.
    delete row.resolvedAt;
    delete row.resolver;
    delete row.slaMet;
  } else if (row.resolvedAt === undefined && (before?.open || (!before && created >= since))) {
    // Seen open before, or filed since measuring began: this change (or one since the last read) resolved it.
    row.resolvedAt = Date.parse(t.modified);
    row.resolver = row.assignee;
  }
  return row;
}

/** The row after a first-response comment; an earlier response keeps its place. */
export function seenResponse(row: ReportRow, c: Comment): ReportRow {
  const at = Date.parse(c.created);
  if (row.firstResponseAt !== undefined && row.firstResponseAt <= at) return row;
  return { ...row, firstResponseAt: at, firstResponder: c.authorEmail.trim() };
}

/** The hook: the rows of what a cycle read, then a batch of the index copied in. */
export function createPointsHook(config: PointsConfig): CycleHook {
  const db = config.db as Kysely<ReportTables>;
  const table = createReportTable(db);
  const sla = createSlaTable(config.db as Kysely<SlaTables>);

  async function since(now: number): Promise<number> {
    const kept = await table.meta('since');
    if (kept) return Number(kept);
    await table.setMeta('since', String(now));
    return now;
  }

  /** Requesters of tickets a comment names but the batch did not carry: the index has them. */
  async function requesters(ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await db.selectFrom('search_docs').select(['id', 'requester_email']).where('id', 'in', ids).execute();
    return new Map(rows.map((r) => [r.id, r.requester_email]));
  }

  async function take(tickets: readonly Ticket[], comments: readonly Comment[], now: number): Promise<void> {
    if (tickets.length === 0 && comments.length === 0) return;
    const start = await since(now);
    const ids = [...new Set([...tickets.map((t) => t.id), ...comments.map((c) => c.ticketId)])];
    const rows = await table.rows(ids);
    const changed = new Map<number, ReportRow>();
    for (const t of tickets) {
      const row = seenTicket(t, changed.get(t.id) ?? rows.get(t.id), start, config.vocabulary);
      changed.set(t.id, row);
    }
    const publicOnes = comments.filter((c) => !c.isInternal && c.authorEmail);
    if (publicOnes.length) {
      const requesterOf = new Map(tickets.map((t) => [t.id, t.submittedByEmail]));
      const missing = await requesters(publicOnes.map((c) => c.ticketId).filter((id) => !requesterOf.has(id)));
      for (const c of publicOnes) {
        const row = changed.get(c.ticketId) ?? rows.get(c.ticketId);
        // A comment on a ticket neither read nor copied yet: its row comes with the ticket's next change or the copy.
        if (!row) continue;
        if (isFirstResponse(c, requesterOf.get(c.ticketId) ?? missing.get(c.ticketId) ?? '', undefined)) changed.set(c.ticketId, seenResponse(row, c));
      }
    }
    if (config.sla) {
      // The SLA feature's hook ran first in the same cycle: its record of a resolved ticket is final.
      const resolved = [...changed.values()].filter((r) => r.resolvedAt !== undefined && r.slaMet === undefined);
      const records = await sla.slaRecords(resolved.map((r) => r.id));
      for (const r of resolved) {
        const record = records.get(r.id);
        if (record) r.slaMet = Object.keys(record.history.breachedAt ?? {}).length === 0;
      }
    }
    await table.put([...changed.values()]);
  }

  /** Set once the copy is done: later cycles skip even the look-up. */
  let copiedAll = false;

  /** One batch of the tickets the index knew before the feature ran, without moments. */
  async function copy(now: number): Promise<void> {
    if (copiedAll) return;
    const copied = await table.meta('copied');
    if (copied === 'done') {
      copiedAll = true;
      return;
    }
    await since(now);
    const after = Number(copied ?? 0);
    const docs = await db.selectFrom('search_docs')
      .select(['id', 'created', 'status', 'assignee_email', 'category', 'space_id'])
      .where('id', '>', after).orderBy('id').limit(COPY_BATCH).execute();
    await table.put(docs.map((d) => {
      const row: ReportRow = { id: d.id, created: Date.parse(d.created), status: d.status, open: !isDone(config.vocabulary, d.status), assignee: d.assignee_email, category: d.category };
      if (d.space_id) row.spaceId = d.space_id;
      return row;
    }), 'keep');
    await table.setMeta('copied', docs.length < COPY_BATCH ? 'done' : String(docs[docs.length - 1].id));
  }

  return {
    async afterCycle(tickets, comments, now) {
      await take(tickets, comments, now);
      await copy(now);
    },
    afterWrite: (tickets, comments, now) => take(tickets, comments, now),
  };
}
