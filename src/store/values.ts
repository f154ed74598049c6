/**
 * The few values the two engines keep differently, read back the same: JSON (SQLite TEXT,
 * PostgreSQL JSONB, which pg parses), flags (0/1 or boolean) and BIGINTs (pg: strings).
 */
import { PostgresAdapter, type Kysely } from 'kysely';

/** Which engine a Kysely instance talks to. */
export type Engine = 'sqlite' | 'postgres';

/** Values as an engine returns them, read the same way. */
export interface Values {
  readonly engine: Engine;
  /** A JSON column's value as it was written. */
  json<T>(stored: unknown): T;
  /** A flag as the engine binds it (better-sqlite3 takes no booleans). */
  flag(on: boolean): number | boolean;
}

/** The reader for `engine`. */
export function valuesFor(engine: Engine): Values {
  return {
    engine,
    // pg hands JSONB over parsed; the round trip keeps both engines' values typed by their reader, not by a cast.
    json: <T>(stored: unknown): T => JSON.parse(engine === 'sqlite' && typeof stored === 'string' ? stored : JSON.stringify(stored)),
    flag: (on) => (engine === 'sqlite' ? (on ? 1 : 0) : on),
  };
}

/** The reader for the engine a Kysely handle talks to (a feature's `db`), as its dialect's adapter tells. */
export function valuesOn(db: Kysely<any>): Values {
  return valuesFor(db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite');
}

/** A flag column read back (0/1 or boolean). */
export const isSet = (stored: number | boolean): boolean => stored === true || stored === 1;

/** A BIGINT column read back (pg returns a string). */
export const int8 = (stored: number | string): number => Number(stored);

/** A platform column read back (the store writes only these two). */
export const platformOf = (stored: string): 'teams' | 'slack' => (stored === 'teams' ? 'teams' : 'slack');

/** Runs `run` over `items` a few thousand at a time (SQLite bounds the parameters of one statement) and joins what it returns. */
export async function inChunks<T, R>(items: readonly T[], run: (chunk: T[]) => Promise<R[]>, size = 5000): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await run(items.slice(i, i + size))));
  return out;
}

/** A conversation kind column read back. */
export const kindOf = (stored: string): 'personal' | 'group' | 'channel' => (stored === 'personal' || stored === 'group' ? stored : 'channel');
