/** The SlaStore on PostgreSQL: one JSONB record per ticket, with its next instant and due time indexed. */
import { needsResponse, type SlaRecord, type SlaStore } from './sla-types';

type Query = (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;
const records = (rows: Record<string, unknown>[]) => rows.map((r) => r.record as SlaRecord);

/** The SLA methods over the PostgreSQL store's pooled query. */
export function createPgSla(query: Query): SlaStore {
  return {
    async slaRecords(ids) {
      const rows = await query(`SELECT record FROM sla_tickets WHERE id = ANY($1::int[])`, [[...new Set(ids)]]);
      return new Map(records(rows).map((r) => [r.id, r]));
    },
    async putSlaRecords(list) {
      for (let i = 0; i < list.length; i += 2000) {
        const chunk = list.slice(i, i + 2000);
        await query(
          `INSERT INTO sla_tickets (id, record, next_at, due_at, needs_response)
           SELECT * FROM unnest($1::int[], $2::jsonb[], $3::bigint[], $4::bigint[], $5::boolean[])
           ON CONFLICT (id) DO UPDATE SET record = excluded.record, next_at = excluded.next_at, due_at = excluded.due_at, needs_response = excluded.needs_response`,
          [chunk.map((r) => r.id), chunk.map((r) => JSON.stringify(r)), chunk.map((r) => r.nextAt ?? null), chunk.map((r) => r.dueAt ?? null), chunk.map(needsResponse)],
        );
      }
    },
    async slaDueBefore(until, limit) {
      return records(await query(`SELECT record FROM sla_tickets WHERE next_at IS NOT NULL AND next_at <= $1 ORDER BY next_at LIMIT $2`, [until, limit]));
    },
    async slaQueue(offset, limit) {
      const rows = await query(`SELECT id, due_at FROM sla_tickets WHERE due_at IS NOT NULL ORDER BY due_at, id LIMIT $1 OFFSET $2`, [limit, offset]);
      const [count] = await query(`SELECT count(*)::int AS n FROM sla_tickets WHERE due_at IS NOT NULL`);
      return { rows: rows.map((r) => ({ id: Number(r.id), dueAt: Number(r.due_at) })), total: Number(count.n) };
    },
    async slaWithoutFirstResponse(afterId, limit) {
      return records(await query(`SELECT record FROM sla_tickets WHERE needs_response AND id > $1 ORDER BY id LIMIT $2`, [afterId, limit]));
    },
    async slaRecordPage(afterId, limit) {
      return records(await query(`SELECT record FROM sla_tickets WHERE id > $1 ORDER BY id LIMIT $2`, [afterId, limit]));
    },
    async getSlaMeta(name) {
      const [row] = await query(`SELECT value FROM sla_meta WHERE name = $1`, [name]);
      return row ? String(row.value) : undefined;
    },
    async putSlaMeta(name, value) {
      await query(`INSERT INTO sla_meta VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET value = excluded.value`, [name, value]);
    },
  };
}
