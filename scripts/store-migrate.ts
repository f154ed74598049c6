/**
 * `npm run store:migrate -- --to "$DATABASE_URL" [--from <data dir or .sqlite file>]`: copies the
 * embedded SQLite store (default: HELPDESK_DATA_DIR) into PostgreSQL: every table the migrations
 * created, the listed features' tables too (src/features/index.ts), read from the file's schema
 * (src/store/copy-sqlite.ts). Safe to run twice.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { featureMigrations, FEATURES } from '../src/features';
import { STORE_FILE } from '../src/store';
import { copySqliteToPostgres } from '../src/store/copy-sqlite';
import { createPool } from '../src/store/pg-store';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { to: { type: 'string' }, from: { type: 'string' } } });
  const to = values.to ?? process.env.DATABASE_URL;
  if (!to || !/^postgres(ql)?:\/\//.test(to)) {
    process.stderr.write('Usage: npm run store:migrate -- --to postgres://user:password@host:5432/db [--from <HELPDESK_DATA_DIR or file>]\n');
    process.exit(2);
  }
  let from = path.resolve(values.from ?? process.env.HELPDESK_DATA_DIR ?? './.data');
  if (statSync(from, { throwIfNoEntry: false })?.isDirectory()) from = path.join(from, STORE_FILE);
  const pool = createPool(to);
  try {
    const report = await copySqliteToPostgres(from, pool, featureMigrations(FEATURES));
    const host = new URL(to).host; // never the password
    process.stdout.write(`Copied ${from} into PostgreSQL at ${host}:\n`);
    for (const [table, { read, written }] of Object.entries(report)) {
      process.stdout.write(`  ${table.padEnd(20)} ${String(read).padStart(7)} rows, ${written} new${written < read ? ` (${read - written} already there)` : ''}\n`);
    }
    process.stdout.write('Stop the single bot, run this once more to pick up its last writes, then start the replicas with DATABASE_URL.\n');
  } finally {
    await pool.end();
  }
}

main().catch((err) => {
  process.stderr.write(`store:migrate failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
