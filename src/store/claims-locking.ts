/**
 * Row locks, where the engines differ: PostgreSQL locks a row read in a transaction with
 * `FOR UPDATE` (and skips rows others hold with `SKIP LOCKED`); SQLite has one writer at a time,
 * so a transaction already holds every row and the clause does not exist.
 */
import type { SelectQueryBuilder } from 'kysely';
import type { StoreSql } from './kysely';

/** `query` with its rows locked until the transaction ends (PostgreSQL); as it is on SQLite. */
export function lockedForUpdate<DB, TB extends keyof DB, O>({ values }: StoreSql, query: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O> {
  return values.engine === 'postgres' ? query.forUpdate() : query;
}

/** `query` locking its rows and passing over rows another transaction holds (PostgreSQL); as it is on SQLite. */
export function lockedSkippingHeld<DB, TB extends keyof DB, O>({ values }: StoreSql, query: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O> {
  return values.engine === 'postgres' ? query.forUpdate().skipLocked() : query;
}
