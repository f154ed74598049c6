/**
 * Per-person notification choices on both engines: which DMs a person gets and their quiet hours
 * (`dm_preferences`), and the DMs held during quiet hours (`held_dms`, keyed by the outbox key
 * that owed them, so holding one twice keeps one). The tables are the feature's own (`db`); every
 * database has had them since the store's version-15 history, which runs first, so the feature's
 * migration only declares them (and would make them where that history never ran). The deliverer
 * reads them through `preferencesIn(store)`: it routes each DM by them and holds it in quiet hours.
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Migration } from 'kysely/migration';
import { addressKey } from '../../core/vocabulary';
import type { DmChoices } from '../../core/preferences';
import type { Int8, Json } from '../../store/tables';
import type { Store } from '../../store/types';
import { tableIn } from '../table-in';
import { inChunks, int8, valuesOn, type Values } from '../../store/values';
import type { HeldDm } from '../../notify/ports';

/** A person's choices as the table holds them (1/0 for each kind of DM). */
export interface DmPreferencesTable {
  email: string;
  status_changes: number;
  comments: number;
  resolution: number;
  quiet_start: string | null;
  quiet_end: string | null;
  updated_at: string;
}

/** A DM held during quiet hours. */
export interface HeldDmsTable {
  key: string;
  email: string;
  ticket_id: number;
  text: string;
  reason: string;
  notice: Json | null;
  release_at: Int8;
  held_at: string;
}

/** The preferences feature's tables, as Kysely sees them. */
export interface PreferenceTables {
  dm_preferences: DmPreferencesTable;
  held_dms: HeldDmsTable;
}

/** The feature's migrations, run by the store's migrator after the store's own (each engine's types, as the history made them). */
export const PREFERENCE_MIGRATIONS: Record<string, Migration> = {
  '001-dm-preferences': {
    async up(db: Kysely<any>) {
      const postgres = valuesOn(db).engine === 'postgres';
      await sql.raw(`CREATE TABLE IF NOT EXISTS dm_preferences (
        email TEXT PRIMARY KEY, status_changes INTEGER NOT NULL, comments INTEGER NOT NULL, resolution INTEGER NOT NULL,
        quiet_start TEXT, quiet_end TEXT, updated_at TEXT NOT NULL)`).execute(db);
      await sql.raw(`CREATE TABLE IF NOT EXISTS held_dms (
        key TEXT PRIMARY KEY, email TEXT NOT NULL, ticket_id INTEGER NOT NULL, text TEXT NOT NULL, reason TEXT NOT NULL,
        notice ${postgres ? 'JSONB' : 'TEXT'}, release_at ${postgres ? 'BIGINT' : 'INTEGER'} NOT NULL, held_at TEXT NOT NULL)`).execute(db);
      await sql.raw('CREATE INDEX IF NOT EXISTS held_dms_release ON held_dms (release_at)').execute(db);
    },
  },
};

/** Which DMs a person gets, and their quiet hours (src/core/preferences.ts). */
export type DmPreferences = DmChoices;

/** What a person who never chose gets: everything, no quiet hours. */
export const DEFAULT_DM_PREFERENCES: DmPreferences = { status: true, comments: true, resolution: true };

/** A DM held during quiet hours (notify names its shape: src/notify/ports.ts). */
export type { HeldDm };

/** The preferences' reads and writes. */
export interface PreferenceTable {
  setDmPreferences(email: string, prefs: DmPreferences): Promise<void>;
  /** The choices of these people who made any, by lower-cased address. */
  dmPreferences(emails: string[]): Promise<Map<string, DmPreferences>>;
  /** Holds a DM; a key already held is kept as it is. */
  holdDm(dm: HeldDm): Promise<void>;
  /** Held DMs whose quiet hours ended at or before `now`, oldest first. */
  heldDue(now: number): Promise<HeldDm[]>;
  /** Forgets held DMs once their release is in the outbox. */
  dropHeld(keys: string[]): Promise<void>;
}

function toPrefs(r: Selectable<DmPreferencesTable>): DmPreferences {
  const p: DmPreferences = { status: r.status_changes === 1, comments: r.comments === 1, resolution: r.resolution === 1 };
  if (r.quiet_start && r.quiet_end) {
    p.quietStart = r.quiet_start;
    p.quietEnd = r.quiet_end;
  }
  return p;
}

function toHeld(r: Selectable<HeldDmsTable>, values: Values): HeldDm {
  const h: HeldDm = { key: r.key, email: r.email, ticketId: r.ticket_id, text: r.text, reason: r.reason, releaseAt: int8(r.release_at) };
  if (r.notice !== null) h.notice = values.json(r.notice);
  return h;
}

/** The preferences on either engine. */
export function createPreferenceTable(db: Kysely<PreferenceTables>): PreferenceTable {
  return {
    async setDmPreferences(email, p) {
      if (!email.trim()) return;
      const set = { status_changes: p.status ? 1 : 0, comments: p.comments ? 1 : 0, resolution: p.resolution ? 1 : 0, quiet_start: p.quietStart ?? null, quiet_end: p.quietEnd ?? null, updated_at: new Date().toISOString() };
      await db.insertInto('dm_preferences').values({ email: addressKey(email), ...set }).onConflict((oc) => oc.column('email').doUpdateSet(set)).execute();
    },
    async dmPreferences(emails) {
      const keys = [...new Set(emails.filter(Boolean).map(addressKey))];
      const rows = await inChunks(keys, (chunk) => db.selectFrom('dm_preferences').selectAll().where('email', 'in', chunk).execute());
      return new Map(rows.map((r) => [r.email, toPrefs(r)]));
    },
    async holdDm(h) {
      const row = { key: h.key, email: addressKey(h.email), ticket_id: h.ticketId, text: h.text, reason: h.reason, notice: h.notice === undefined ? null : JSON.stringify(h.notice), release_at: h.releaseAt, held_at: new Date().toISOString() };
      await db.insertInto('held_dms').values(row).onConflict((oc) => oc.column('key').doNothing()).execute();
    },
    async heldDue(now) {
      const rows = await db.selectFrom('held_dms').selectAll().where('release_at', '<=', now).orderBy('release_at').orderBy('held_at').orderBy('key').execute();
      return rows.map((r) => toHeld(r, valuesOn(db)));
    },
    async dropHeld(keys) {
      await inChunks(keys, async (chunk) => {
        await db.deleteFrom('held_dms').where('key', 'in', chunk).execute();
        return [];
      });
    },
  };
}

/** The preferences in a store's database, for the deliverer and the timer, which hold the store rather than the feature's handle. */
export const preferencesIn = (store: Pick<Store, 'featureDatabase'>): PreferenceTable => tableIn(store, (db) => createPreferenceTable(db as Kysely<PreferenceTables>));
