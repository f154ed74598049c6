/**
 * What the SLA feature keeps for its clocks: per ticket the history the poller saw, the next
 * instant at which a clock changes (indexed: a cycle reads only instants before the next cycle),
 * the nearest due time (indexed: `queue due`) and which thresholds were already announced; and
 * the policy in force (`sla_meta`). The tables are the feature's own (`db`); every database has had
 * them since the store's version-15 history, which runs first, so the feature's migration only
 * declares them (and would make them where that history never ran), in each engine's own types.
 */
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { CardClock } from '../../core/sla';
import type { Flag, Int8, Json } from '../../store/tables';
import type { Store } from '../../store/types';
import { tableIn } from '../table-in';
import { inChunks, int8, valuesOn, type Values } from '../../store/values';

/** One ticket's clocks as the table holds them: the record as JSON, its next instant and due time indexed. */
export interface SlaTicketsTable {
  id: number;
  record: Json;
  next_at: Int8 | null;
  due_at: Int8 | null;
  needs_response: Flag;
}

/** Named values: the fingerprint of the policy in force, the progress of the one-off scans. */
export interface SlaMetaTable {
  name: string;
  value: string;
}

/** The SLA feature's tables, as Kysely sees them. */
export interface SlaTables {
  sla_tickets: SlaTicketsTable;
  sla_meta: SlaMetaTable;
}

/** The tables as each engine types them (as the version-15 history made them). */
const DDL = {
  postgres: [
    'CREATE TABLE IF NOT EXISTS sla_tickets (id INTEGER PRIMARY KEY, record JSONB NOT NULL, next_at BIGINT, due_at BIGINT, needs_response BOOLEAN NOT NULL DEFAULT false)',
    'CREATE INDEX IF NOT EXISTS sla_needs_response ON sla_tickets (id) WHERE needs_response',
  ],
  sqlite: [
    'CREATE TABLE IF NOT EXISTS sla_tickets (id INTEGER PRIMARY KEY, record TEXT NOT NULL, next_at INTEGER, due_at INTEGER, needs_response INTEGER NOT NULL DEFAULT 0)',
    'CREATE INDEX IF NOT EXISTS sla_needs_response ON sla_tickets (id) WHERE needs_response = 1',
  ],
  both: [
    'CREATE INDEX IF NOT EXISTS sla_next ON sla_tickets (next_at) WHERE next_at IS NOT NULL',
    'CREATE INDEX IF NOT EXISTS sla_due ON sla_tickets (due_at) WHERE due_at IS NOT NULL',
    'CREATE TABLE IF NOT EXISTS sla_meta (name TEXT PRIMARY KEY, value TEXT NOT NULL)',
  ],
};

/** The feature's migrations, run by the store's migrator after the store's own. */
export const SLA_MIGRATIONS: Record<string, Migration> = {
  '001-sla-tables': {
    async up(db: Kysely<any>) {
      const [table, flagIndex] = DDL[valuesOn(db).engine];
      for (const statement of [table, ...DDL.both, flagIndex]) await sql.raw(statement).execute(db);
    },
  },
};

/** The clocks' TicketHistory (clock.ts), as the records keep it. */
export interface TicketHistory {
  created: number;
  observations: readonly { at: number; status: string; priority: string }[];
  firstResponseAt?: number;
  breachedAt?: Partial<Record<'firstResponse' | 'resolution', number>>;
}

/** One ticket's SLA record. */
export interface SlaRecord {
  id: number;
  history: TicketHistory;
  /** Epoch ms of the next threshold of any clock; absent when no clock counts towards one. */
  nextAt?: number;
  /** Epoch ms of the nearest due time of a clock not stopped; absent when none runs (closed, met). */
  dueAt?: number;
  /** Thresholds already announced, as `<clock>:<kind>[:<fraction>]`; never announced twice. */
  announced: string[];
  /** What agents' ticket cards show of each clock, as of the last settle. */
  clocks?: CardClock[];
  /** The ticket's page in the help desk, for a card rebuilt from the store at a threshold. */
  link?: string;
  /** The policy version the instants were computed with. */
  policy: string;
  /** Who asked and who holds it, as last seen: the one-off comment scan reads as the requester; alerts DM the assignee. */
  requester?: string;
  assignee?: string;
  title?: string;
  /** What SLA subscriptions' filters match on. */
  category?: string;
  spaceId?: string;
}

/** The SLA tables' reads and writes, both engines. */
export interface SlaStore {
  /** The records of these tickets (absent: never seen under a policy). */
  slaRecords(ids: number[]): Promise<Map<number, SlaRecord>>;
  /** Adds or replaces records by id. */
  putSlaRecords(records: SlaRecord[]): Promise<void>;
  /** Records whose nextAt is at or before `until`, earliest first, at most `limit`. */
  slaDueBefore(until: number, limit: number): Promise<SlaRecord[]>;
  /** Tickets with a due time, nearest (so breached) first: one page and the total. */
  slaQueue(offset: number, limit: number): Promise<{ rows: { id: number; dueAt: number }[]; total: number }>;
  /** Every record, by id, after `afterId`, at most `limit` (a changed policy recomputes them all). */
  slaRecordPage(afterId: number, limit: number): Promise<SlaRecord[]>;
  /** Records whose first response is unknown and still has a running clock (the one-off comment scan), at most `limit`, after id `afterId`. */
  slaWithoutFirstResponse(afterId: number, limit: number): Promise<SlaRecord[]>;
  /** A small named value of the SLA tracker (policy in force, scan progress). */
  getSlaMeta(name: string): Promise<string | undefined>;
  putSlaMeta(name: string, value: string): Promise<void>;
}

/** Whether the one-off scan should read this ticket's comments: no known first response, clock not stopped. */
export const needsResponse = (r: SlaRecord) => r.history.firstResponseAt === undefined && r.dueAt !== undefined;

/** The SLA tables on either engine. */
export function createSlaTable(db: Kysely<SlaTables>): SlaStore {
  // The engine is asked at the first query, not when the feature is bound.
  let engineValues: Values | undefined;
  const values = () => (engineValues ??= valuesOn(db));
  const records = (rows: { record: unknown }[]) => rows.map((r) => values().json<SlaRecord>(r.record));
  const tickets = () => db.selectFrom('sla_tickets').select('record');
  return {
    async slaRecords(ids) {
      const rows = await inChunks([...new Set(ids)], (chunk) => tickets().where('id', 'in', chunk).execute());
      return new Map(records(rows).map((r) => [r.id, r]));
    },
    async putSlaRecords(list) {
      if (list.length === 0) return;
      await db.transaction().execute(async (trx) => {
        await inChunks(list, async (chunk) => {
          const rows = chunk.map((r) => ({ id: r.id, record: JSON.stringify(r), next_at: r.nextAt ?? null, due_at: r.dueAt ?? null, needs_response: values().flag(needsResponse(r)) }));
          await trx
            .insertInto('sla_tickets')
            .values(rows)
            .onConflict((oc) =>
              oc.column('id').doUpdateSet((eb) => ({
                record: eb.ref('excluded.record'),
                next_at: eb.ref('excluded.next_at'),
                due_at: eb.ref('excluded.due_at'),
                needs_response: eb.ref('excluded.needs_response'),
              })),
            )
            .execute();
          return [];
        }, 200);
      });
    },
    async slaDueBefore(until, limit) {
      return records(await tickets().where('next_at', 'is not', null).where('next_at', '<=', until).orderBy('next_at').limit(limit).execute());
    },
    async slaQueue(offset, limit) {
      const [page, total] = await Promise.all([
        db.selectFrom('sla_tickets').select(['id', 'due_at']).where('due_at', 'is not', null).orderBy('due_at').orderBy('id').limit(limit).offset(offset).execute(),
        db.selectFrom('sla_tickets').select((eb) => eb.fn.countAll().as('n')).where('due_at', 'is not', null).executeTakeFirstOrThrow(),
      ]);
      return { rows: page.map((r) => ({ id: r.id, dueAt: int8(r.due_at ?? 0) })), total: Number(total.n) };
    },
    async slaWithoutFirstResponse(afterId, limit) {
      return records(await tickets().where('needs_response', '=', values().flag(true)).where('id', '>', afterId).orderBy('id').limit(limit).execute());
    },
    async slaRecordPage(afterId, limit) {
      return records(await tickets().where('id', '>', afterId).orderBy('id').limit(limit).execute());
    },
    async getSlaMeta(name) {
      return (await db.selectFrom('sla_meta').select('value').where('name', '=', name).executeTakeFirst())?.value;
    },
    async putSlaMeta(name, value) {
      await db.insertInto('sla_meta').values({ name, value }).onConflict((oc) => oc.column('name').doUpdateSet({ value })).execute();
    },
  };
}

/** The SLA tables in a store's database, for the poller's side (the tracker, the digests' and storms' reads), which holds the store. */
export const slaTableIn = (store: Pick<Store, 'featureDatabase'>): SlaStore => tableIn(store, (db) => createSlaTable(db as Kysely<SlaTables>));
