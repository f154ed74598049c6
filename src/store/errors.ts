/** Store errors that callers decide on by their code, never by their wording. */

/** The store was written by a newer build (its schema version is higher than this code knows). */
export class SchemaTooNewError extends Error {
  readonly code = 'SCHEMA_TOO_NEW';
  constructor(
    readonly found: number,
    readonly known: number,
  ) {
    super(`store schema version ${found} is newer than this build understands (${known}); upgrade the bot`);
    this.name = 'SchemaTooNewError';
  }
}

/** True for an error that retrying cannot cure: the schema is newer than this build. */
export const isSchemaTooNew = (err: unknown): err is SchemaTooNewError => codeOf(err) === 'SCHEMA_TOO_NEW';

/** An error's `code` (pg's SQLSTATE, Node's errno name, ours), when it has a string one. */
export const codeOf = (err: unknown): string | undefined => (typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string' ? err.code : undefined);

/** An error's message for a log line, whatever was thrown. */
export const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** The store's pool and migration gate, on a store that has them (PostgreSQL); SQLite has neither. */
export function sharedParts(store: object): { pool: import('pg').Pool; ready?: () => Promise<void> } | undefined {
  if (!('pool' in store) || !isPool(store.pool)) return undefined;
  const ready = 'ready' in store && typeof store.ready === 'function' ? store.ready.bind(store) : undefined;
  return { pool: store.pool, ...(ready ? { ready: async () => void (await ready()) } : {}) };
}

const isPool = (v: unknown): v is import('pg').Pool => typeof v === 'object' && v !== null && 'query' in v && 'connect' in v && typeof v.query === 'function';
