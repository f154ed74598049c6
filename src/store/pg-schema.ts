/** PostgreSQL's version-15 schema steps (schema_migrations counts them; migration 1 runs them: migrations/0001-adopt-v15.ts). */
import { POSTGRES_V15_STEPS } from './v15/postgres-steps';

/** Each step, in order (exported for the upgrade tests). */
export const MIGRATIONS = POSTGRES_V15_STEPS;

/** The version-15 step count (the store's own later migrations are Kysely's, in migrations/). */
export const PG_SCHEMA_VERSION = MIGRATIONS.length;

/** Step 15: the search index's terms (the upgrade tests start from the database before it). */
export const PG_SEARCH_TERMS_STEP = 15;
