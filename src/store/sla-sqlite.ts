/** The SlaStore on SQLite: one JSON record per ticket, with its next instant and due time indexed. */
import type Database from 'better-sqlite3';
import { needsResponse, type SlaRecord, type SlaStore } from './sla-types';

type Row = { record: string };
const parse = (rows: Row[]) => rows.map((r) => JSON.parse(r.record) as SlaRecord);

/** The SLA methods over a SQLite database. */
export function createSqliteSla(db: Database.Database): SlaStore {
  const put = db.prepare(
    `INSERT INTO sla_tickets (id, record, next_at, due_at, needs_response) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET record = excluded.record, next_at = excluded.next_at, due_at = excluded.due_at, needs_response = excluded.needs_response`,
  );
  const get = db.prepare(`SELECT record FROM sla_tickets WHERE id = ?`);
  const due = db.prepare(`SELECT record FROM sla_tickets WHERE next_at IS NOT NULL AND next_at <= ? ORDER BY next_at LIMIT ?`);
  const page = db.prepare(`SELECT id, due_at FROM sla_tickets WHERE due_at IS NOT NULL ORDER BY due_at, id LIMIT ? OFFSET ?`);
  const total = db.prepare(`SELECT count(*) AS n FROM sla_tickets WHERE due_at IS NOT NULL`);
  const unanswered = db.prepare(`SELECT record FROM sla_tickets WHERE needs_response = 1 AND id > ? ORDER BY id LIMIT ?`);
  const all = db.prepare(`SELECT record FROM sla_tickets WHERE id > ? ORDER BY id LIMIT ?`);
  const getMeta = db.prepare(`SELECT value FROM sla_meta WHERE name = ?`);
  const putMeta = db.prepare(`INSERT INTO sla_meta VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value`);
  const putAll = db.transaction((records: SlaRecord[]) => {
    for (const r of records) put.run(r.id, JSON.stringify(r), r.nextAt ?? null, r.dueAt ?? null, needsResponse(r) ? 1 : 0);
  });
  return {
    async slaRecords(ids) {
      const out = new Map<number, SlaRecord>();
      for (const id of new Set(ids)) {
        const row = get.get(id) as Row | undefined;
        if (row) out.set(id, JSON.parse(row.record));
      }
      return out;
    },
    async putSlaRecords(records) {
      if (records.length > 0) putAll(records);
    },
    async slaDueBefore(until, limit) {
      return parse(due.all(until, limit) as Row[]);
    },
    async slaQueue(offset, limit) {
      const rows = (page.all(limit, offset) as { id: number; due_at: number }[]).map((r) => ({ id: r.id, dueAt: r.due_at }));
      return { rows, total: (total.get() as { n: number }).n };
    },
    async slaWithoutFirstResponse(afterId, limit) {
      return parse(unanswered.all(afterId, limit) as Row[]);
    },
    async slaRecordPage(afterId, limit) {
      return parse(all.all(afterId, limit) as Row[]);
    },
    async getSlaMeta(name) {
      return (getMeta.get(name) as { value: string } | undefined)?.value;
    },
    async putSlaMeta(name, value) {
      putMeta.run(name, value);
    },
  };
}
