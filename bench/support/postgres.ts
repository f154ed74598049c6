/**
 * A PostgreSQL database of the bench's own: on the server BENCH_PG_ADMIN_URL names (the test
 * suite's private server, so the smoke test does not initdb again), else on a private server
 * started for this run (test/support/postgres-server.ts).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startPostgresServer } from '../../test/support/postgres-server';

/** A fresh, empty database and how to let it go. */
export interface BenchDatabase {
  url: string;
  close(): Promise<void>;
}

/** Creates the database; drops it (shared server) or stops the server (own one) on close. */
export async function benchDatabase(): Promise<BenchDatabase> {
  const shared = process.env.BENCH_PG_ADMIN_URL;
  const server = shared ? undefined : await startPostgresServer();
  const adminUrl = shared ?? server!.adminUrl;
  const name = `bench_${randomBytes(5).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async close() {
      if (server) server.stop();
      else await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    },
  };
}
