/**
 * The search index contract against PostgreSQL full text, on a private server this file starts
 * (initdb + postgres as the postgres user, loopback only). Stop-gap until the PostgreSQL Store
 * engine is on this branch; then the contract runs on that engine's store instead.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import type { Store } from '../../src/store';
import { createPgSearch, PG_SEARCH_SCHEMA } from '../../src/store/search-postgres';
import { searchIndexContract } from './index-contract';

const dir = mkdtempSync(path.join(tmpdir(), 'pg-search-'));
const data = path.join(dir, 'data');
const asPostgres = (args: string[]) => execFileSync('runuser', ['-u', 'postgres', '--', ...args], { stdio: 'pipe', timeout: 60_000 });
let port = 0;
let n = 0;

beforeAll(async () => {
  chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString()), Number(execFileSync('id', ['-g', 'postgres']).toString()));
  port = await new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });
  asPostgres(['initdb', '-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  asPostgres(['pg_ctl', '-D', data, '-l', path.join(dir, 'log'), '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, '-w', 'start']);
}, 60_000);
afterAll(() => {
  try {
    asPostgres(['pg_ctl', '-D', data, '-m', 'immediate', '-w', 'stop']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

searchIndexContract('PostgreSQL full text', async () => {
  const database = `search_${process.pid}_${++n}`;
  const admin = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  const pool = new pg.Pool({ host: '127.0.0.1', port, user: 'postgres', database });
  await pool.query(PG_SEARCH_SCHEMA);
  // Only the search part of the Store is exercised here.
  const store = createPgSearch(async (sql, params) => (await pool.query(sql, params)).rows) as unknown as Store;
  return { store, close: () => pool.end() };
});
