/** Starts a private PostgreSQL 15 server (initdb + pg_ctl as the postgres user) for tests and benchmarks. */
import { execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

/** A running private server. */
export interface PostgresServer {
  /** postgres://postgres@127.0.0.1:PORT/postgres */
  adminUrl: string;
  stop(): void;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

const asPostgres = (args: string[]) => execFileSync('runuser', ['-u', 'postgres', '--', ...args], { stdio: 'pipe', timeout: 60_000 });

/** initdb into a fresh directory and start on a free loopback port; throws with the reason if it cannot. */
export async function startPostgresServer(): Promise<PostgresServer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'pg-test-'));
  const data = path.join(dir, 'data');
  let started = false;
  const stop = () => {
    if (started) {
      try {
        asPostgres([`${BIN}/pg_ctl`, '-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // Already gone; the directory goes anyway.
      }
      started = false;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString()), Number(execFileSync('id', ['-g', 'postgres']).toString()));
    const port = await freePort();
    asPostgres([`${BIN}/initdb`, '-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
    asPostgres([`${BIN}/pg_ctl`, '-D', data, '-l', path.join(dir, 'log'), '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`, '-w', 'start']);
    started = true;
    return { adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
  } catch (err) {
    stop();
    throw new Error(`PostgreSQL could not start from ${BIN}: ${(err as Error).message.split('\n')[0]}`);
  }
}
