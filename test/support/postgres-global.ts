/**
 * vitest globalSetup: one private PostgreSQL server per test run (initdb once). Tests get its
 * admin URL through inject('pgAdminUrl'). Under CI=true a server that cannot start fails the
 * run; elsewhere the PostgreSQL tests report themselves skipped with the reason.
 */
import type { TestProject } from 'vitest/node';
import { startPostgresServer } from './postgres-server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** postgres://postgres@127.0.0.1:PORT/postgres, or '' when no server could start. */
    pgAdminUrl: string;
    /** Why the server did not start, when pgAdminUrl is ''. */
    pgProblem: string;
  }
}

/** Starts the server; returns the teardown that stops it. */
export default async function setup(project: TestProject): Promise<() => void> {
  try {
    const server = await startPostgresServer();
    project.provide('pgAdminUrl', server.adminUrl);
    project.provide('pgProblem', '');
    return () => server.stop();
  } catch (err) {
    if (process.env.CI === 'true') throw err;
    project.provide('pgAdminUrl', '');
    project.provide('pgProblem', (err as Error).message);
    return () => undefined;
  }
}
