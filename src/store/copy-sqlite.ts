/**
 * Moves an installation from the embedded SQLite store to PostgreSQL: copies every table the
 * migrations created (read from the SQLite schema, so a feature's tables come along without
 * being named here), row by row, keeping whatever PostgreSQL already has (ON CONFLICT DO
 * NOTHING), so running it twice — or after replicas have started writing — changes nothing the
 * second time. Notifications still owed (the outbox) come along in their order, unclaimed, so a
 * replica sends them once. Values are converted by PostgreSQL's column types (jsonb, boolean).
 */
import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import type pg from 'pg';
import { postgresSql, sqliteSql } from './kysely';
import { adoptPostgresV15, adoptSqliteV15 } from './migrations/0001-adopt-v15';
import { coreMigrations } from './migrations';
import { allMigrations, migrateStore, type FeatureMigrations } from './migrator';
import { inTransaction } from './pg-client';
import { COPY_RULES } from './tables';

/** Rows read from SQLite and rows newly written to PostgreSQL, per table. */
export type CopyReport = Record<string, { read: number; written: number }>;

type Row = Record<string, unknown>;
interface PgColumn {
  name: string;
  type: string;
  identity: boolean;
  /** A generated column (the answers' `tsv`): PostgreSQL computes it, and refuses a value for it. */
  generated: boolean;
}

/** The store's own tables in the SQLite file: not SQLite's, not an FTS table or its shadow tables, not the migrator's. */
function sqliteTables(db: Database.Database): { name: string; rowid: boolean }[] {
  const all = db.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'kysely_%' ORDER BY name`).all();
  const tables = all.flatMap((r) => (isNamed(r) ? [r] : []));
  const virtual = tables.filter((t) => /^CREATE VIRTUAL/i.test(t.sql)).map((t) => t.name);
  return tables
    .filter((t) => !virtual.some((v) => t.name === v || t.name.startsWith(`${v}_`)))
    .map((t) => ({ name: t.name, rowid: !/WITHOUT ROWID\s*$/i.test(t.sql.trim()) }));
}

const isNamed = (r: unknown): r is { name: string; sql: string } => typeof r === 'object' && r !== null && 'name' in r && 'sql' in r && typeof r.name === 'string' && typeof r.sql === 'string';

/** Converts a SQLite value for a PostgreSQL column of `type`. */
function toPostgres(value: unknown, type: string): unknown {
  if (value === null || value === undefined) return null;
  if (type === 'jsonb' || type === 'json') return typeof value === 'string' ? JSON.parse(value) : value;
  if (type === 'boolean') return Boolean(value);
  if (type === 'timestamp with time zone' && typeof value === 'number') return new Date(value).toISOString();
  return value;
}

/** Copies the SQLite store at `sqliteFile` into the PostgreSQL database behind `pool`, both migrated first (with `features`' migrations). */
export async function copySqliteToPostgres(sqliteFile: string, pool: pg.Pool, features: readonly FeatureMigrations[] = []): Promise<CopyReport> {
  if (!existsSync(sqliteFile)) throw new Error(`no SQLite store at ${sqliteFile}`);
  const db = new Database(sqliteFile);
  try {
    // An older file gets the current tables and columns first.
    await migrateStore(sqliteSql(db), allMigrations(coreMigrations(adoptSqliteV15(db)), features));
    await migrateStore(postgresSql(pool), allMigrations(coreMigrations(adoptPostgresV15), features));
    const report: CopyReport = {};
    for (const table of sqliteTables(db)) {
      const rule = COPY_RULES[table.name];
      if (rule && 'skip' in rule) continue;
      const columns = await postgresColumns(pool, table.name);
      if (columns.length === 0) throw new Error(`PostgreSQL has no table ${table.name}; its migrations did not run there`);
      const cleared = new Set(rule && 'clear' in rule ? rule.clear : []);
      const copied = columns.filter((c) => !c.identity && !c.generated && !cleared.has(c.name));
      const identity = columns.find((c) => c.identity);
      const order = identity ? ` ORDER BY ${identity.name}` : table.rowid ? ' ORDER BY rowid' : '';
      const rows: Row[] = db.prepare(`SELECT ${copied.map((c) => c.name).join(', ')} FROM ${table.name}${order}`).all().flatMap((r) => (isRow(r) ? [r] : []));
      for (const r of rows) for (const c of copied) r[c.name] = toPostgres(r[c.name], c.type);
      report[table.name] = { read: rows.length, written: await insertAll(pool, table.name, copied, rows) };
    }
    return report;
  } finally {
    db.close();
  }
}

const isRow = (r: unknown): r is Row => typeof r === 'object' && r !== null;

/** The table's columns in PostgreSQL (none when it has no such table), generated ones marked. */
async function postgresColumns(pool: pg.Pool, table: string): Promise<PgColumn[]> {
  const { rows } = await pool.query<PgColumn>(
    `SELECT column_name AS name, data_type AS type, is_identity = 'YES' AS identity, is_generated <> 'NEVER' AS generated FROM information_schema.columns
     WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position`,
    [table],
  );
  return rows;
}

/** Inserts `rows` in their order, 2,000 at a time, in one transaction; returns how many were new. */
function insertAll(pool: pg.Pool, table: string, columns: PgColumn[], rows: Row[]): Promise<number> {
  const names = columns.map((c) => c.name).join(', ');
  const picked = columns.map((c) => `r.${c.name}`).join(', ');
  return inTransaction(pool, async (client) => {
    let n = 0;
    for (let i = 0; i < rows.length; i += 2000) {
      const res = await client.query(
        `INSERT INTO ${table} (${names}) SELECT ${picked} FROM json_populate_recordset(null::${table}, $1::json) WITH ORDINALITY AS r ORDER BY ordinality ON CONFLICT DO NOTHING`,
        [JSON.stringify(rows.slice(i, i + 2000))],
      );
      n += res.rowCount ?? 0;
    }
    return n;
  });
}
