/**
 * What escalation keeps, on both engines: one row per hop of a routed ticket, keyed by ticket and
 * hop. A hop is taken by inserting its row (insert or nothing), so across replicas exactly one
 * moves the ticket, writes the note and tells the channel; a claim left by a process that died is
 * taken over once it is stale, by one caller. A row that ends the chain (answered, nobody picked
 * up, someone else took it) stops escalation of the ticket for good.
 */
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Int8 } from '../../store/tables';
import { int8 } from '../../store/values';
import type { RoutingTables } from './routing-table';

/** One hop of one routed ticket. */
export interface RoutingEscalationsTable {
  ticket_id: number;
  /** 1 for the first move; the hop after the rule's last one is the "nobody picked up" notice. */
  hop: number;
  /** claimed (being done), moved, kept (nobody else free: it stays), answered, taken (someone changed it first), nobody (told the channel). */
  state: string;
  /** Who held the ticket when the hop fell due, and who got it. */
  from_agent: string;
  to_agent: string | null;
  /** The internal note the hop is writing, recorded before it is written (a takeover looks for it first). */
  note: string | null;
  claimed_at: Int8;
  done_at: Int8 | null;
}

/** Escalation's table and the poller's ticket states it reads, as Kysely sees them. */
export type EscalationTables = {
  routing_escalations: RoutingEscalationsTable;
  ticket_state: { id: number; priority: string };
};

/** The migration, run after routing's first. */
export const ESCALATION_MIGRATIONS: Record<string, Migration> = {
  '003-routing-escalations': {
    async up(db: Kysely<any>) {
      await db.schema.createTable('routing_escalations').ifNotExists()
        .addColumn('ticket_id', 'integer', (c) => c.notNull())
        .addColumn('hop', 'integer', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('from_agent', 'text', (c) => c.notNull())
        .addColumn('to_agent', 'text')
        .addColumn('claimed_at', 'bigint', (c) => c.notNull())
        .addColumn('done_at', 'bigint')
        .addPrimaryKeyConstraint('routing_escalations_pk', ['ticket_id', 'hop'])
        .execute();
    },
  },
  '004-routing-escalation-note': {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('routing_escalations').addColumn('note', 'text').execute();
    },
  },
};

/** States that end a ticket's chain. */
const ENDS = ['answered', 'taken', 'nobody'];

/** A routed ticket escalation watches: who holds it since when, and the hops already taken. */
export interface Watched {
  ticketId: number;
  group: string;
  holder: string;
  /** When the current holder got it (routing's assignment, or the last hop). */
  since: number;
  /** Hops already done (moved or kept). */
  hops: number;
  /** The ticket's priority as the poller last saw it (undefined before it saw the ticket). */
  priority?: string;
}

/** One hop as the row holds it. */
export interface Hop {
  state: string;
  from: string;
  to?: string;
  /** The note recorded before it was written: it may be on the ticket already. */
  note?: string;
}

/** Escalation's reads and writes. */
export interface EscalationTable {
  /** Tickets routing assigned whose chain has not ended. */
  watched(): Promise<Watched[]>;
  /** Takes hop `hop` of the ticket: true for exactly one caller (or the one taking over a claim older than `staleMs`). */
  claim(ticketId: number, hop: number, from: string, at: number, staleMs: number): Promise<boolean>;
  /** The hop's row. */
  hop(ticketId: number, hop: number): Promise<Hop | undefined>;
  /** Records whom the hop is giving the ticket to, before the write (a takeover then finishes it). */
  aim(ticketId: number, hop: number, to: string): Promise<void>;
  /** Records the hop's note before it is written, so a takeover looks for it on the ticket instead of writing it twice. */
  intend(ticketId: number, hop: number, note: string): Promise<void>;
  /** How the hop ended. */
  finish(ticketId: number, hop: number, state: 'moved' | 'kept' | 'answered' | 'taken' | 'nobody', at: number): Promise<void>;
  /** The last move of a ticket (for the assignee's DM: whom it came from). */
  lastMove(ticketId: number): Promise<{ hop: number; from: string; to: string } | undefined>;
}

/** Escalation's table on either engine (it reads routing's own ticket rows and the poller's ticket states). */
export function createEscalationTable(db: Kysely<EscalationTables & RoutingTables>): EscalationTable {
  return {
    async watched() {
      const rows = await db.selectFrom('routing_tickets as r').leftJoin('ticket_state as s', 's.id', 'r.ticket_id')
        .select(['r.ticket_id', 'r.group_name', 'r.assignee', 'r.settled_at', 's.priority'])
        .select((eb) => [
          eb.selectFrom('routing_escalations as e').whereRef('e.ticket_id', '=', 'r.ticket_id').where('e.state', 'in', ['moved', 'kept']).select((x) => x.fn.countAll().as('n')).as('hops'),
          eb.selectFrom('routing_escalations as e').whereRef('e.ticket_id', '=', 'r.ticket_id').where('e.state', 'in', ['moved', 'kept']).select((x) => x.fn.max('e.done_at').as('at')).as('last'),
        ])
        .where('r.state', '=', 'assigned').where('r.assignee', 'is not', null).where('r.group_name', 'is not', null)
        .where((eb) => eb.not(eb.exists(eb.selectFrom('routing_escalations as e').select(sql`1`.as('one')).whereRef('e.ticket_id', '=', 'r.ticket_id').where('e.state', 'in', ENDS))))
        .orderBy('r.ticket_id').execute();
      return rows.map((r) => {
        const settled = int8(r.settled_at ?? 0);
        const last = r.last === null || r.last === undefined ? 0 : int8(r.last as number | string);
        return { ticketId: r.ticket_id, group: r.group_name!, holder: r.assignee!, since: Math.max(settled, last), hops: Number(r.hops ?? 0), ...(r.priority ? { priority: r.priority } : {}) };
      });
    },
    async claim(ticketId, hop, from, at, staleMs) {
      const put = await db.insertInto('routing_escalations').values({ ticket_id: ticketId, hop, state: 'claimed', from_agent: from, claimed_at: at })
        .onConflict((oc) => oc.columns(['ticket_id', 'hop']).doNothing()).executeTakeFirst();
      if (Number(put.numInsertedOrUpdatedRows ?? 0) === 1) return true;
      // The row exists: only a claim whose process died (older than staleMs, never finished) is taken over, by one caller.
      const taken = await db.updateTable('routing_escalations').set({ claimed_at: at })
        .where('ticket_id', '=', ticketId).where('hop', '=', hop).where('state', '=', 'claimed').where('claimed_at', '<', at - staleMs).executeTakeFirst();
      return Number(taken.numUpdatedRows) === 1;
    },
    async hop(ticketId, hop) {
      const r = await db.selectFrom('routing_escalations').selectAll().where('ticket_id', '=', ticketId).where('hop', '=', hop).executeTakeFirst();
      return r ? { state: r.state, from: r.from_agent, ...(r.to_agent ? { to: r.to_agent } : {}), ...(r.note ? { note: r.note } : {}) } : undefined;
    },
    async aim(ticketId, hop, to) {
      await db.updateTable('routing_escalations').set({ to_agent: to }).where('ticket_id', '=', ticketId).where('hop', '=', hop).execute();
    },
    async intend(ticketId, hop, note) {
      await db.updateTable('routing_escalations').set({ note }).where('ticket_id', '=', ticketId).where('hop', '=', hop).execute();
    },
    async finish(ticketId, hop, state, at) {
      await db.updateTable('routing_escalations').set({ state, done_at: at }).where('ticket_id', '=', ticketId).where('hop', '=', hop).execute();
    },
    async lastMove(ticketId) {
      const r = await db.selectFrom('routing_escalations').select(['hop', 'from_agent', 'to_agent']).where('ticket_id', '=', ticketId).where('state', '=', 'moved')
        .orderBy('hop', 'desc').limit(1).executeTakeFirst();
      return r && r.to_agent ? { hop: r.hop, from: r.from_agent, to: r.to_agent } : undefined;
    },
  };
}
