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

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * A run ended by a signal (Ctrl-C, `timeout`) never reaches the teardown: the server is stopped
 * then too, so no server outlives its run. The signal then does what it would have done.
 */
function stopOnSignal(stop: () => void): () => void {
  const onSignal = (signal: NodeJS.Signals) => {
    stop();
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
  };
  for (const signal of SIGNALS) process.once(signal, onSignal);
  return () => SIGNALS.forEach((signal) => process.off(signal, onSignal));
}

/** Starts the server; returns the teardown that stops it. */
export default async function setup(project: TestProject): Promise<() => void> {
  try {
    const server = await startPostgresServer();
    project.provide('pgAdminUrl', server.adminUrl);
    project.provide('pgProblem', '');
    const forget = stopOnSignal(() => server.stop());
    return () => {
      forget();
      server.stop();
    };
  } catch (err) {
    if (process.env.CI === 'true') throw err;
    project.provide('pgAdminUrl', '');
    project.provide('pgProblem', (err as Error).message);
    return () => undefined;
  }
}
