/**
 * What an agent's hand-over (`away`, then its button) keeps, on both engines, in routing's own row
 * of each ticket: the decision is recorded before its write (the new holder, owed until written,
 * and the group's round-robin turn), with the holder it is taken from, the version it was decided
 * on (the owed write's If-Match), the row as it was (put back when the hand-over does not happen)
 * and when the write was sent. So a process that dies or fails at any step leaves a row the next
 * poll cycle finishes, once; `routing` and the new holder's DM read the new holder from the start.
 * The aim's time fences the row: a process finishing it writes only while it still holds it.
 */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { int8 } from '../../store/values';
import type { Decision } from './decide';
import type { RoutingTables } from './routing-table';

/** The migration, run after routing's others. */
export const HANDOVER_MIGRATIONS: Record<string, Migration> = {
  '006-routing-handover': {
    async up(db: Kysely<any>) {
      // A hand-over's decision is recorded before its write: whom from, on which version, the row before, when sent.
      for (const [column, type] of [['from_agent', 'text'], ['if_match', 'text'], ['prior', 'text'], ['aimed_at', 'bigint']] as const) {
        await db.schema.alterTable('routing_tickets').addColumn(column, type).execute();
      }
    },
  },
};

/** A hand-over recorded and not yet written. */
export interface OwedHandOver {
  ticketId: number;
  from: string;
  to: string;
  /** The version it was decided on: its write's If-Match. */
  ifMatch: string;
  /** When its write was sent (0: the process that failed in it let it go). */
  aimedAt: number;
}

/** The hand-over's reads and writes on routing's rows. */
export interface HandOverTable {
  /**
   * Records the decision before its write, and moves the group's round-robin turn with it: false,
   * writing nothing, when a hand-over of the ticket is already owed (another click or process is on it).
   */
  aim(ticketId: number, from: string, ifMatch: string, decision: Extract<Decision, { assignee: string }>, at: number): Promise<boolean>;
  /** The ticket's owed hand-over, if any. */
  owedOf(ticketId: number): Promise<OwedHandOver | undefined>;
  /** Owed hand-overs, oldest first. */
  owed(limit: number): Promise<OwedHandOver[]>;
  /** Takes over an owed hand-over let go or sent before `staleBefore`: true for one caller, who then holds it as of `at`. */
  takeOver(owed: OwedHandOver, at: number, staleBefore: number): Promise<boolean>;
  /** The write is on the ticket (sent at `at`): the new holder's time counts from it. */
  written(ticketId: number, at: number): Promise<void>;
  /** The hand-over will not happen (the ticket changed, or the new holder cannot take it): the row as it was before. */
  drop(owed: Pick<OwedHandOver, 'ticketId' | 'aimedAt'>): Promise<boolean>;
  /** A process that failed in it lets it go: the next cycle takes it over at once. */
  release(owed: Pick<OwedHandOver, 'ticketId' | 'aimedAt'>): Promise<void>;
}

/** The columns a row's prior keeps (an earlier hand-over's holder too, once written); the rest of the hand-over's are cleared when it is put back. */
const KEPT = ['state', 'group_name', 'assignee', 'why', 'claimed_at', 'settled_at', 'written_at', 'from_agent'] as const;

/** The hand-over table on either engine. */
export function createHandOverTable(db: Kysely<RoutingTables>): HandOverTable {
  /** The row while this hand-over is owed and held at `aimedAt`. */
  const held = (q: Kysely<RoutingTables>, ticketId: number, aimedAt: number) => q.updateTable('routing_tickets')
    .where('ticket_id', '=', ticketId).where('state', '=', 'assigned').where('written_at', 'is', null).where('from_agent', 'is not', null).where('aimed_at', '=', aimedAt);
  const owedRows = () => db.selectFrom('routing_tickets').selectAll().where('state', '=', 'assigned').where('written_at', 'is', null).where('from_agent', 'is not', null);
  const owedOf = (r: { ticket_id: number; from_agent: string | null; assignee: string | null; if_match: string | null; aimed_at: number | string | null }): OwedHandOver => ({
    ticketId: r.ticket_id, from: r.from_agent ?? '', to: r.assignee ?? '', ifMatch: r.if_match ?? '*', aimedAt: r.aimed_at === null ? 0 : int8(r.aimed_at),
  });
  return {
    async aim(ticketId, from, ifMatch, decision, at) {
      return db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('routing_tickets').selectAll().where('ticket_id', '=', ticketId).executeTakeFirst();
        if (before && before.state === 'assigned' && before.written_at === null && before.from_agent !== null) return false;
        const row = {
          state: 'assigned', group_name: decision.group, assignee: decision.assignee, why: JSON.stringify(decision.why), settled_at: at, written_at: null,
          from_agent: from, if_match: ifMatch, prior: before ? JSON.stringify(Object.fromEntries(KEPT.map((k) => [k, before[k]]))) : null, aimed_at: at,
        };
        if (!before) {
          const put = await trx.insertInto('routing_tickets').values({ ticket_id: ticketId, claimed_at: at, ...row }).onConflict((oc) => oc.column('ticket_id').doNothing()).executeTakeFirst();
          if (Number(put.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
        } else {
          // Only the row as read: a hand-over another process recorded meanwhile is not overwritten.
          const put = await trx.updateTable('routing_tickets').set(row).where('ticket_id', '=', ticketId)
            .where((eb) => (before.settled_at === null ? eb('settled_at', 'is', null) : eb('settled_at', '=', before.settled_at)))
            .where((eb) => eb.or([eb('from_agent', 'is', null), eb('written_at', 'is not', null), eb('state', '<>', 'assigned')])).executeTakeFirst();
          if (Number(put.numUpdatedRows) !== 1) return false;
        }
        if (decision.method === 'round-robin') {
          await trx.insertInto('routing_cursors').values({ group_name: decision.group, agent: decision.assignee, at })
            .onConflict((oc) => oc.column('group_name').doUpdateSet({ agent: decision.assignee, at })).execute();
        }
        return true;
      });
    },
    async owedOf(ticketId) {
      const r = await owedRows().where('ticket_id', '=', ticketId).executeTakeFirst();
      return r ? owedOf(r) : undefined;
    },
    async owed(limit) {
      return (await owedRows().orderBy('settled_at').orderBy('ticket_id').limit(limit).execute()).map(owedOf);
    },
    async takeOver(owed, at, staleBefore) {
      if (owed.aimedAt !== 0 && owed.aimedAt >= staleBefore) return false;
      return Number((await held(db, owed.ticketId, owed.aimedAt).set({ aimed_at: at }).executeTakeFirst()).numUpdatedRows) === 1;
    },
    async written(ticketId, at) {
      await db.updateTable('routing_tickets').set({ written_at: at, settled_at: at }).where('ticket_id', '=', ticketId).where('written_at', 'is', null).where('from_agent', 'is not', null).execute();
    },
    async drop(owed) {
      return db.transaction().execute(async (trx) => {
        const r = await trx.selectFrom('routing_tickets').select('prior').where('ticket_id', '=', owed.ticketId).executeTakeFirst();
        if (!r) return false;
        if (r.prior === null) {
          // Routing had no row of the ticket before the hand-over: none again.
          const gone = await trx.deleteFrom('routing_tickets').where('ticket_id', '=', owed.ticketId).where('state', '=', 'assigned').where('written_at', 'is', null)
            .where('from_agent', 'is not', null).where('aimed_at', '=', owed.aimedAt).executeTakeFirst();
          return Number(gone.numDeletedRows) === 1;
        }
        const prior = JSON.parse(r.prior) as Record<(typeof KEPT)[number], never>;
        const back = await held(trx, owed.ticketId, owed.aimedAt).set({ if_match: null, prior: null, aimed_at: null, ...prior }).executeTakeFirst();
        return Number(back.numUpdatedRows) === 1;
      });
    },
    async release(owed) {
      await held(db, owed.ticketId, owed.aimedAt).set({ aimed_at: 0 }).execute();
    },
  };
}
