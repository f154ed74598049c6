/**
 * vitest globalSetup: one private PostgreSQL 15 server per test run (initdb once), on a free
 * loopback port, owned by the postgres user. Tests get its admin URL through inject('pgAdminUrl').
 * Under CI=true a server that cannot start fails the run; elsewhere the PostgreSQL tests skip.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

const BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

declare module 'vitest' {
  export interface ProvidedContext {
    /** postgres://postgres@127.0.0.1:PORT/postgres, or '' when no server could start. */
    pgAdminUrl: string;
    /** Why the server did not start, when pgAdminUrl is ''. */
    pgProblem: string;
  }
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

function asPostgres(args: string[]): void {
  execFileSync('runuser', ['-u', 'postgres', '--', ...args], { stdio: 'pipe', timeout: 60_000 });
}

/** Starts the server; returns the teardown that stops it and removes its directory. */
export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'pg-test-'));
  let started = false;
  try {
    const ids = execFileSync('id', ['-u', 'postgres']).toString().trim();
    const gids = execFileSync('id', ['-g', 'postgres']).toString().trim();
    chownSync(dir, Number(ids), Number(gids));
    const port = await freePort();
    asPostgres([`${BIN}/initdb`, '-D', path.join(dir, 'data'), '-A', 'trust', '-U', 'postgres', '--no-sync']);
    asPostgres([`${BIN}/pg_ctl`, '-D', path.join(dir, 'data'), '-l', path.join(dir, 'log'), '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`, '-w', 'start']);
    started = true;
    project.provide('pgAdminUrl', `postgres://postgres@127.0.0.1:${port}/postgres`);
    project.provide('pgProblem', '');
  } catch (err) {
    const problem = `PostgreSQL could not start from ${BIN}: ${(err as Error).message.split('\n')[0]}`;
    rmSync(dir, { recursive: true, force: true });
    if (process.env.CI === 'true') throw new Error(problem);
    project.provide('pgAdminUrl', '');
    project.provide('pgProblem', problem);
    return () => undefined;
  }
  return () => {
    if (started) {
      try {
        asPostgres([`${BIN}/pg_ctl`, '-D', path.join(dir, 'data'), '-m', 'immediate', '-w', 'stop']);
      } catch {
        // Already gone; the directory is removed anyway.
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
}
