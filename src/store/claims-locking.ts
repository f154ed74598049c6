/**
 * Locks and claims, where the engines differ. Row locks: PostgreSQL locks a row read in a transaction with
 * `FOR UPDATE` (and skips rows others hold with `SKIP LOCKED`); SQLite has one writer at a time,
 * so a transaction already holds every row and the clause does not exist.
 */
import { sql, type Expression, type Kysely, type SelectQueryBuilder } from 'kysely';
import { valuesOn } from './values';
import type { StoreSql } from './kysely';
import type { StoreDb } from './tables';

/** `query` with its rows locked until the transaction ends (PostgreSQL); as it is on SQLite. */
export function lockedForUpdate<DB, TB extends keyof DB, O>({ values }: StoreSql, query: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O> {
  return values.engine === 'postgres' ? query.forUpdate() : query;
}

/** lockedForUpdate on a feature's database handle (its engine: valuesOn). */
export function lockedForUpdateOn<DB, TB extends keyof DB, O>(db: Kysely<any>, query: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O> {
  return valuesOn(db).engine === 'postgres' ? query.forUpdate() : query;
}

/** `query` locking its rows and passing over rows another transaction holds (PostgreSQL); as it is on SQLite. */
export function lockedSkippingHeld<DB, TB extends keyof DB, O>({ values }: StoreSql, query: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O> {
  return values.engine === 'postgres' ? query.forUpdate().skipLocked() : query;
}

/**
 * The clock outbox claims and heartbeats are kept on. PostgreSQL's replicas share the database's
 * clock (`clock_timestamp()`, TIMESTAMPTZ columns); SQLite's processes share one machine's, kept
 * as epoch ms.
 */
export interface ClaimClock {
  /** Now. */
  now(): Expression<unknown> | number;
  /** `ms` from now (negative: ago). */
  in(ms: number): Expression<unknown> | number;
}

/** The claim clock of `sql`'s engine. */
export function claimClock({ values }: StoreSql): ClaimClock {
  if (values.engine === 'sqlite') return { now: () => Date.now(), in: (ms) => Date.now() + ms };
  return {
    now: () => sql`clock_timestamp()`,
    in: (ms) => sql`clock_timestamp() + ${Math.round(ms)}::int * interval '1 millisecond'`,
  };
}

// Any fixed 64-bit number ('outbox'): only planning and finishing sends take it.
const OUTBOX_LOCK = 0x6f7574626f78;

/**
 * Planning and finishing take the outbox's turn in their transaction, so a plan's "not delivered
 * yet" check never reads a snapshot from before another drainer's finish (which deletes the row the
 * plan's ON CONFLICT would otherwise have hit): without it, two pollers by mistake could send a key
 * twice. PostgreSQL: a transaction advisory lock; SQLite: one writer at a time already.
 */
export async function takeOutboxTurn({ values }: StoreSql, trx: StoreDb): Promise<void> {
  if (values.engine === 'postgres') await sql`SELECT pg_advisory_xact_lock(${OUTBOX_LOCK})`.execute(trx);
}
