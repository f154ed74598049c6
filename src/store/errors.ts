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
export const isSchemaTooNew = (err: unknown): err is SchemaTooNewError => (err as { code?: unknown } | undefined)?.code === 'SCHEMA_TOO_NEW';
