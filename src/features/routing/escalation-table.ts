/**
 * What escalation keeps, on both engines: one row per hop of a routed ticket, keyed by ticket and
 * hop. A hop is taken by inserting its row (insert or nothing), so across replicas exactly one
 * moves the ticket, writes the note and tells the channel; a claim left by a process that died is
 * taken over once it is stale, by one caller, or at once when the process that failed in it let it
 * go. The claim's time fences its writes: a process whose claim was taken over records nothing
 * more. A row that ends the chain (answered, nobody picked up, someone else took it) stops
 * escalation of the ticket for good.
 */
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Int8 } from '../../store/tables';
import { int8 } from '../../store/values';
import type { Decision } from './decide';
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
  /** When the claim was taken (or taken over); 0 once a process that failed in it let it go. */
  claimed_at: Int8;
  /** When the hop ended; for a move, when its write was sent (the new holder's minutes count from it). */
  done_at: Int8 | null;
  /** When the move's write was sent, recorded before it (with `to_agent` and `decision`). */
  aimed_at: Int8 | null;
  /** The decision the move writes, as JSON: a takeover records the hand-over from it when the process died before it did. */
  decision: string | null;
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
  '005-routing-escalation-aim': {
    async up(db: Kysely<any>) {
      // A move's write time and decision, recorded before the write, so a takeover finishes it as it was meant.
      await db.schema.alterTable('routing_escalations').addColumn('aimed_at', 'bigint').execute();
      await db.schema.alterTable('routing_escalations').addColumn('decision', 'text').execute();
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
  /** When hop `hops + 1` was claimed, if it is not finished: a process is in it, or died or failed in it (0: let go). */
  open?: number;
}

/** A hop one caller holds: its claim's time fences its writes (a takeover's claim is later). */
export interface Claim {
  ticketId: number;
  hop: number;
  at: number;
}

/** One hop as the row holds it. */
export interface Hop {
  state: string;
  from: string;
  to?: string;
  /** The note recorded before it was written: it may be on the ticket already. */
  note?: string;
  /** When the move's write was sent, and what it wrote (recorded before it). */
  aimedAt?: number;
  decision?: Decision & { assignee: string };
}

/** Escalation's reads and writes. */
export interface EscalationTable {
  /** Tickets routing assigned whose chain has not ended. */
  watched(): Promise<Watched[]>;
  /** Takes hop `hop` of the ticket: true for exactly one caller (or the one taking over a claim older than `staleMs`). */
  claim(ticketId: number, hop: number, from: string, at: number, staleMs: number): Promise<boolean>;
  /** The hop's row. */
  hop(ticketId: number, hop: number): Promise<Hop | undefined>;
  /**
   * Records the decision the hop writes and when, before the write (a takeover then finishes it);
   * this and the writes below return false, writing nothing, when the claim was taken over.
   */
  aim(claim: Claim, decision: Decision & { assignee: string }, at: number): Promise<boolean>;
  /** Records the hop's note before it is written, so a takeover looks for it on the ticket instead of writing it twice. */
  intend(claim: Claim, note: string): Promise<boolean>;
  /** How the hop ended, and when (a move: when its write was sent). */
  finish(claim: Claim, state: 'moved' | 'kept' | 'answered' | 'taken' | 'nobody', at: number): Promise<boolean>;
  /** A process that failed in the hop (and is out of it) lets it go: the next cycle takes it over without waiting for it to be stale. */
  release(claim: Claim): Promise<void>;
  /** The last move of a ticket, finished or with its write sent (for the assignee's DM: whom it came from). */
  lastMove(ticketId: number): Promise<{ hop: number; from: string; to: string } | undefined>;
}

/** Whether a fenced write found its claim (one row updated). */
const held = (r: { numUpdatedRows: bigint }) => Number(r.numUpdatedRows) === 1;

/** Escalation's table on either engine (it reads routing's own ticket rows and the poller's ticket states). */
export function createEscalationTable(db: Kysely<EscalationTables & RoutingTables>): EscalationTable {
  /** An update of the hop while `claim` still holds it (not finished, not taken over). */
  const mine = (claim: Claim) => db.updateTable('routing_escalations')
    .where('ticket_id', '=', claim.ticketId).where('hop', '=', claim.hop).where('state', '=', 'claimed').where('claimed_at', '=', claim.at);
  return {
    async watched() {
      const rows = await db.selectFrom('routing_tickets as r').leftJoin('ticket_state as s', 's.id', 'r.ticket_id')
        .select(['r.ticket_id', 'r.group_name', 'r.assignee', 'r.settled_at', 's.priority'])
        .select((eb) => [
          eb.selectFrom('routing_escalations as e').whereRef('e.ticket_id', '=', 'r.ticket_id').where('e.state', 'in', ['moved', 'kept']).select((x) => x.fn.countAll().as('n')).as('hops'),
          eb.selectFrom('routing_escalations as e').whereRef('e.ticket_id', '=', 'r.ticket_id').where('e.state', 'in', ['moved', 'kept']).select((x) => x.fn.max('e.done_at').as('at')).as('last'),
          eb.selectFrom('routing_escalations as e').whereRef('e.ticket_id', '=', 'r.ticket_id').where('e.state', '=', 'claimed').select((x) => x.fn.max('e.claimed_at').as('at')).as('open'),
        ])
        .where('r.state', '=', 'assigned').where('r.assignee', 'is not', null).where('r.group_name', 'is not', null)
        .where((eb) => eb.not(eb.exists(eb.selectFrom('routing_escalations as e').select(sql`1`.as('one')).whereRef('e.ticket_id', '=', 'r.ticket_id').where('e.state', 'in', ENDS))))
        .orderBy('r.ticket_id').execute();
      return rows.map((r) => {
        const settled = int8(r.settled_at ?? 0);
        const last = r.last === null || r.last === undefined ? 0 : int8(r.last as number | string);
        const open = r.open === null || r.open === undefined ? {} : { open: int8(r.open as number | string) };
        return { ticketId: r.ticket_id, group: r.group_name!, holder: r.assignee!, since: Math.max(settled, last), hops: Number(r.hops ?? 0), ...(r.priority ? { priority: r.priority } : {}), ...open };
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
      if (!r) return undefined;
      return {
        state: r.state, from: r.from_agent, ...(r.to_agent ? { to: r.to_agent } : {}), ...(r.note ? { note: r.note } : {}),
        ...(r.aimed_at !== null ? { aimedAt: int8(r.aimed_at) } : {}), ...(r.decision ? { decision: JSON.parse(r.decision) as Decision & { assignee: string } } : {}),
      };
    },
    async aim(claim, decision, at) {
      return held(await mine(claim).set({ to_agent: decision.assignee, decision: JSON.stringify(decision), aimed_at: at }).executeTakeFirst());
    },
    async intend(claim, note) {
      return held(await mine(claim).set({ note }).executeTakeFirst());
    },
    async finish(claim, state, at) {
      return held(await mine(claim).set({ state, done_at: at }).executeTakeFirst());
    },
    async release(claim) {
      await mine(claim).set({ claimed_at: 0 }).execute();
    },
    async lastMove(ticketId) {
      // A move whose write was sent and whose process died before finishing it is a move too: the DM it brings says so.
      const r = await db.selectFrom('routing_escalations').select(['hop', 'from_agent', 'to_agent']).where('ticket_id', '=', ticketId)
        .where((eb) => eb.or([eb('state', '=', 'moved'), eb.and([eb('state', '=', 'claimed'), eb('aimed_at', 'is not', null)])]))
        .orderBy('hop', 'desc').limit(1).executeTakeFirst();
      return r && r.to_agent ? { hop: r.hop, from: r.from_agent, to: r.to_agent } : undefined;
    },
  };
}
