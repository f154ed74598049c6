/** Per-test databases on the run's private PostgreSQL server (started by postgres-global.ts). */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { inCi } from './ci';

/**
 * Whether the PostgreSQL tests run: when the run's server started, and always under CI=true, where
 * a missing server must fail them rather than skip them (globalSetup fails first there anyway).
 */
export const pgAvailable = (): boolean => inject('pgAdminUrl') !== '' || inCi;

/** Why they cannot, for the skip message. */
export const pgProblem = (): string => inject('pgProblem');

/** Creates an empty database and returns its URL; each call is isolated from every other test. */
export async function freshDatabase(): Promise<string> {
  const admin = inject('pgAdminUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}
