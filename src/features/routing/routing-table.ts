/**
 * What routing keeps, on both engines: one row per ticket it took up (assigned,
 * queued or left unassigned, with why), each group's round-robin cursor, and agents' own `away`.
 * A ticket is claimed by inserting its row with its decision (insert-or-nothing keyed by ticket
 * id), so across replicas one decision is taken per ticket, before anything is written to the
 * ticket; an assignment whose write is still owed (`written_at` null) is finished by whoever polls
 * next. Last-assignment times, today's assignments and the queue are read from the ticket rows.
 */
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Int8 } from '../../store/tables';
import { int8 } from '../../store/values';
import type { Why } from './decide';

/** One ticket routing took up. */
export interface RoutingTicketsTable {
  ticket_id: number;
  /** assigned, queued (waits for someone), unassigned (left, and said so); `claimed` only in rows from before 002. */
  state: string;
  group_name: string | null;
  assignee: string | null;
  /** The decision's Why, as JSON. */
  why: string | null;
  claimed_at: Int8;
  settled_at: Int8 | null;
  /** When the assignment was written to the ticket (or found there); null while the write is owed. */
  written_at: Int8 | null;
  /** A hand-over's (handover-table.ts, migration 006): the holder it takes the ticket from, kept once written (the DM names them). */
  from_agent: string | null;
  /** A hand-over's: the ticket version (etag) it was decided on, which its owed write carries in If-Match. */
  if_match: string | null;
  /** A hand-over's: the row before it as JSON (null: there was none), put back when the hand-over does not happen. */
  prior: string | null;
  /** A hand-over's: when its write was sent (the process on it holds it until stale); 0 once a process that failed let it go. */
  aimed_at: Int8 | null;
}

/** Each group's round-robin cursor: the agent it assigned last. */
export interface RoutingCursorsTable {
  group_name: string;
  agent: string;
  at: Int8;
}

/** An agent's own `away`, until `back` or `until` (checked on read). */
export interface RoutingAwayTable {
  address: string;
  since: Int8;
  until: Int8 | null;
}

/** The routing feature's tables, as Kysely sees them. */
export interface RoutingTables {
  routing_tickets: RoutingTicketsTable;
  routing_cursors: RoutingCursorsTable;
  routing_away: RoutingAwayTable;
}

/** The feature's migrations, run by the store's migrator after the store's own, on both engines. */
export const ROUTING_MIGRATIONS: Record<string, Migration> = {
  '001-routing-tables': {
    async up(db: Kysely<any>) {
      await db.schema.createTable('routing_tickets').ifNotExists()
        .addColumn('ticket_id', 'integer', (c) => c.primaryKey())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('group_name', 'text')
        .addColumn('assignee', 'text')
        .addColumn('why', 'text')
        .addColumn('claimed_at', 'bigint', (c) => c.notNull())
        .addColumn('settled_at', 'bigint')
        .execute();
      await db.schema.createIndex('routing_tickets_state').ifNotExists().on('routing_tickets').columns(['state', 'settled_at']).execute();
      await db.schema.createIndex('routing_tickets_assignee').ifNotExists().on('routing_tickets').columns(['assignee', 'settled_at']).execute();
      await db.schema.createTable('routing_cursors').ifNotExists()
        .addColumn('group_name', 'text', (c) => c.primaryKey())
        .addColumn('agent', 'text', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createTable('routing_away').ifNotExists()
        .addColumn('address', 'text', (c) => c.primaryKey())
        .addColumn('since', 'bigint', (c) => c.notNull())
        .addColumn('until', 'bigint')
        .execute();
    },
  },
  '002-routing-written': {
    async up(db: Kysely<any>) {
      // An assignment decided is claimed before its write; this marks the write done, so a restart finishes the rest.
      await db.schema.alterTable('routing_tickets').addColumn('written_at', 'bigint').execute();
      await db.updateTable('routing_tickets').set({ written_at: sql`settled_at` }).where('state', '=', 'assigned').execute();
    },
  },
};

/** How a claimed ticket ended. */
export type Settled =
  | { state: 'assigned'; group: string; assignee: string; why: Why }
  | { state: 'queued'; group: string; why: Why }
  | { state: 'unassigned'; group?: string; why: Why };

/** One queued ticket. */
export interface Queued {
  ticketId: number;
  group: string;
  since: number;
  why: Why;
}

/** The routing tables' reads and writes. */
export interface RoutingTable {
  /**
   * Takes a new ticket up with its decision, in one insert-or-nothing (and the group's cursor in the
   * same transaction): true for exactly one caller across replicas. An assignment so claimed is owed
   * to the ticket until `written`.
   */
  claimDecided(ticketId: number, settled: Settled, at: number, cursor?: { group: string; agent: string }): Promise<boolean>;
  /** A queued ticket's new decision, recorded only while it is still queued: true for exactly one caller. */
  settleQueued(ticketId: number, settled: Settled, at: number, cursor?: { group: string; agent: string }): Promise<boolean>;
  /**
   * Records how a claimed (or handed-over) ticket ended, and moves the group's cursor when it was assigned by round robin.
   * `written`: the assignment is already on the ticket. `late`: a hand-over written at `at` and recorded only now (a
   * takeover after a crash): the cursor moves only when nothing moved it since, so a later turn is not undone.
   */
  settle(ticketId: number, settled: Settled, at: number, cursor?: { group: string; agent: string }, how?: { written?: boolean; late?: boolean }): Promise<void>;
  /** The assignment is on the ticket now. */
  written(ticketId: number, at: number): Promise<void>;
  /** Assignments decided and claimed whose write is still owed (a process died, or Graph failed), oldest first; hand-overs are handover-table.ts's. */
  owed(limit: number): Promise<{ ticketId: number; group: string; assignee: string; why: Why }[]>;
  /** The ticket's row, if routing took it up. */
  ticket(ticketId: number): Promise<{ state: string; group?: string; assignee?: string; why?: Why; from?: string } | undefined>;
  /** The tickets waiting for someone, oldest first. */
  queue(limit: number): Promise<Queued[]>;
  /** Each agent's last assignment by routing (epoch ms). */
  lastAssigned(): Promise<Map<string, number>>;
  /** How many tickets routing assigned each agent since `since` (today's start). */
  assignedSince(since: number): Promise<Map<string, number>>;
  cursors(): Promise<Map<string, string>>;
  /** Records `away` (until `until`, epoch ms, when given), replacing an earlier one. */
  setAway(address: string, since: number, until: number | undefined): Promise<void>;
  /** Ends `away`; true when one was in force at `now`. */
  setBack(address: string, now: number): Promise<boolean>;
  /** Everyone whose `away` is in force at `now`, with its end when it has one. */
  awayAt(now: number): Promise<Map<string, { until?: number }>>;
}

const whyOf = (text: string | null): Why | undefined => (text ? (JSON.parse(text) as Why) : undefined);

/** A settled row's columns; an assignment not yet on the ticket has no `written_at`. */
function rowOf(settled: Settled, at: number, written: boolean) {
  return {
    state: settled.state,
    group_name: settled.group ?? null,
    assignee: settled.state === 'assigned' ? settled.assignee : null,
    why: JSON.stringify(settled.why),
    settled_at: at,
    written_at: settled.state === 'assigned' && written ? at : null,
    // Whatever settles the ticket anew ends a hand-over's part in the row.
    from_agent: null,
    if_match: null,
    prior: null,
    aimed_at: null,
  };
}

/** Moves a group's round-robin cursor to the agent just assigned; `late`: only when it has not moved since `at`. */
async function moveCursor(trx: Kysely<RoutingTables>, cursor: { group: string; agent: string }, at: number, late = false): Promise<void> {
  await trx.insertInto('routing_cursors').values({ group_name: cursor.group, agent: cursor.agent, at })
    .onConflict((oc) => {
      const update = oc.column('group_name').doUpdateSet({ agent: cursor.agent, at });
      return late ? update.where('routing_cursors.at', '<=', at) : update;
    }).execute();
}

/** The routing tables on either engine. */
export function createRoutingTable(db: Kysely<RoutingTables>): RoutingTable {
  return {
    async claimDecided(ticketId, settled, at, cursor) {
      return db.transaction().execute(async (trx) => {
        const put = await trx.insertInto('routing_tickets').values({ ticket_id: ticketId, claimed_at: at, ...rowOf(settled, at, false) })
          .onConflict((oc) => oc.column('ticket_id').doNothing()).executeTakeFirst();
        if (Number(put.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
        if (cursor) await moveCursor(trx, cursor, at);
        return true;
      });
    },
    async settleQueued(ticketId, settled, at, cursor) {
      return db.transaction().execute(async (trx) => {
        const taken = await trx.updateTable('routing_tickets').set(rowOf(settled, at, false)).where('ticket_id', '=', ticketId).where('state', '=', 'queued').executeTakeFirst();
        if (Number(taken.numUpdatedRows) !== 1) return false;
        if (cursor) await moveCursor(trx, cursor, at);
        return true;
      });
    },
    async written(ticketId, at) {
      await db.updateTable('routing_tickets').set({ written_at: at }).where('ticket_id', '=', ticketId).where('written_at', 'is', null).execute();
    },
    async owed(limit) {
      const rows = await db.selectFrom('routing_tickets').selectAll().where('state', '=', 'assigned').where('written_at', 'is', null).where('from_agent', 'is', null).orderBy('settled_at').orderBy('ticket_id').limit(limit).execute();
      return rows.map((r) => ({ ticketId: r.ticket_id, group: r.group_name ?? '', assignee: r.assignee ?? '', why: whyOf(r.why)! }));
    },
    async settle(ticketId, settled, at, cursor, how = {}) {
      await db.transaction().execute(async (trx) => {
        const row = rowOf(settled, at, how.written === true);
        // A hand-over settles a ticket routing never claimed: the row is made then.
        await trx.insertInto('routing_tickets').values({ ticket_id: ticketId, claimed_at: at, ...row }).onConflict((oc) => oc.column('ticket_id').doUpdateSet(row)).execute();
        if (cursor) await moveCursor(trx, cursor, at, how.late === true);
      });
    },
    async ticket(ticketId) {
      const r = await db.selectFrom('routing_tickets').selectAll().where('ticket_id', '=', ticketId).executeTakeFirst();
      if (!r) return undefined;
      const why = whyOf(r.why);
      return { state: r.state, ...(r.group_name ? { group: r.group_name } : {}), ...(r.assignee ? { assignee: r.assignee } : {}), ...(why ? { why } : {}), ...(r.from_agent ? { from: r.from_agent } : {}) };
    },
    async queue(limit) {
      const rows = await db.selectFrom('routing_tickets').selectAll().where('state', '=', 'queued').orderBy('settled_at').orderBy('ticket_id').limit(limit).execute();
      return rows.map((r) => ({ ticketId: r.ticket_id, group: r.group_name ?? '', since: int8(r.settled_at ?? r.claimed_at), why: whyOf(r.why)! }));
    },
    async lastAssigned() {
      const rows = await db.selectFrom('routing_tickets').select(['assignee', (eb) => eb.fn.max('settled_at').as('at')]).where('state', '=', 'assigned').groupBy('assignee').execute();
      return new Map(rows.filter((r) => r.assignee).map((r) => [r.assignee!, int8(r.at as number | string)]));
    },
    async assignedSince(since) {
      const rows = await db.selectFrom('routing_tickets').select(['assignee', (eb) => eb.fn.countAll().as('n')]).where('state', '=', 'assigned').where('settled_at', '>=', since).groupBy('assignee').execute();
      return new Map(rows.filter((r) => r.assignee).map((r) => [r.assignee!, Number(r.n)]));
    },
    async cursors() {
      const rows = await db.selectFrom('routing_cursors').select(['group_name', 'agent']).execute();
      return new Map(rows.map((r) => [r.group_name, r.agent]));
    },
    async setAway(address, since, until) {
      const row = { since, until: until ?? null };
      await db.insertInto('routing_away').values({ address, ...row }).onConflict((oc) => oc.column('address').doUpdateSet(row)).execute();
    },
    async setBack(address, now) {
      const was = await db.selectFrom('routing_away').select('until').where('address', '=', address).executeTakeFirst();
      await db.deleteFrom('routing_away').where('address', '=', address).execute();
      return !!was && (was.until === null || int8(was.until) > now);
    },
    async awayAt(now) {
      const rows = await db.selectFrom('routing_away').selectAll().where((eb) => eb.or([eb('until', 'is', null), eb('until', '>', now)])).execute();
      return new Map(rows.map((r) => [r.address, r.until === null ? {} : { until: int8(r.until) }]));
    },
  };
}
