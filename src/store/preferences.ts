/**
 * Per-person notification choices on both engines: which DMs a person gets and their quiet
 * hours (`dm_preferences`), their time zone (kept like their language, in `locales` under
 * `zone:<address>`), and the DMs held during quiet hours (`held_dms`, keyed by the outbox key
 * that owed them, so holding one twice keeps one).
 */
import type Database from 'better-sqlite3';
import { addressKey } from '../core/vocabulary';
import type { DmChoices } from '../core/preferences';

/** Which DMs a person gets, and their quiet hours (src/core/preferences.ts). */
export type DmPreferences = DmChoices;

/** What a person who never chose gets: everything, no quiet hours. */
export const DEFAULT_DM_PREFERENCES: DmPreferences = { status: true, comments: true, resolution: true };

/** A DM held during quiet hours. */
export interface HeldDm {
  /** The outbox key that owed it. */
  key: string;
  email: string;
  ticketId: number;
  text: string;
  reason: string;
  /** The DM's card, JSON-safe, when it had one. */
  notice?: unknown;
  /** Epoch ms: the end of the quiet hours it waits for. */
  releaseAt: number;
}

/** The preferences part of the Store. */
export interface PreferenceStore {
  setDmPreferences(email: string, prefs: DmPreferences): Promise<void>;
  /** The choices of these people who made any, by lower-cased address. */
  dmPreferences(emails: string[]): Promise<Map<string, DmPreferences>>;
  /** Remembers the time zone a person's client reported (Teams clientInfo, Slack users.info tz). */
  savePersonZone(email: string, zone: string): Promise<void>;
  personZone(email: string): Promise<string | undefined>;
  /** Holds a DM; a key already held is kept as it is. */
  holdDm(dm: HeldDm): Promise<void>;
  /** Held DMs whose quiet hours ended at or before `now`, oldest first. */
  heldDue(now: number): Promise<HeldDm[]>;
  /** Forgets held DMs once their release is in the outbox. */
  dropHeld(keys: string[]): Promise<void>;
}

const TABLES = (json: string, bigint: string) => `
  CREATE TABLE IF NOT EXISTS dm_preferences (
    email TEXT PRIMARY KEY, status_changes INTEGER NOT NULL, comments INTEGER NOT NULL, resolution INTEGER NOT NULL,
    quiet_start TEXT, quiet_end TEXT, updated_at TEXT NOT NULL
  );
  CREATE TABLE IF NOT EXISTS held_dms (
    key TEXT PRIMARY KEY, email TEXT NOT NULL, ticket_id INTEGER NOT NULL, text TEXT NOT NULL, reason TEXT NOT NULL,
    notice ${json}, release_at ${bigint} NOT NULL, held_at TEXT NOT NULL
  );
  CREATE INDEX IF NOT EXISTS held_dms_release ON held_dms (release_at);
`;

/** SQLite step (schema.ts appends it). */
export const SQLITE_PREFERENCES_SCHEMA = TABLES('TEXT', 'INTEGER');
/** PostgreSQL step (pg-schema.ts appends it). */
export const PG_PREFERENCES_SCHEMA = TABLES('JSONB', 'BIGINT');

type Row = Record<string, unknown>;
const zoneKey = (email: string) => `zone:${addressKey(email)}`;

function toPrefs(r: Row): DmPreferences {
  const p: DmPreferences = { status: Boolean(Number(r.status_changes)), comments: Boolean(Number(r.comments)), resolution: Boolean(Number(r.resolution)) };
  if (r.quiet_start && r.quiet_end) {
    p.quietStart = String(r.quiet_start);
    p.quietEnd = String(r.quiet_end);
  }
  return p;
}

function toHeld(r: Row, parse: boolean): HeldDm {
  const h: HeldDm = { key: String(r.key), email: String(r.email), ticketId: Number(r.ticket_id), text: String(r.text), reason: String(r.reason), releaseAt: Number(r.release_at) };
  if (r.notice !== null && r.notice !== undefined) h.notice = parse ? JSON.parse(String(r.notice)) : r.notice;
  return h;
}

const prefValues = (email: string, p: DmPreferences) => [addressKey(email), p.status ? 1 : 0, p.comments ? 1 : 0, p.resolution ? 1 : 0, p.quietStart ?? null, p.quietEnd ?? null, new Date().toISOString()];
const UPSERT = (p: (n: number) => string) => `INSERT INTO dm_preferences VALUES (${[1, 2, 3, 4, 5, 6, 7].map(p).join(', ')})
  ON CONFLICT (email) DO UPDATE SET status_changes = excluded.status_changes, comments = excluded.comments, resolution = excluded.resolution,
  quiet_start = excluded.quiet_start, quiet_end = excluded.quiet_end, updated_at = excluded.updated_at`;
const heldValues = (h: HeldDm, notice: unknown) => [h.key, addressKey(h.email), h.ticketId, h.text, h.reason, notice, h.releaseAt, new Date().toISOString()];

/** The preference methods over a SQLite database. */
export function createSqlitePreferences(db: Database.Database): PreferenceStore {
  const upsert = db.prepare(UPSERT(() => '?'));
  const one = db.prepare(`SELECT * FROM dm_preferences WHERE email = ?`);
  const putZone = db.prepare(`INSERT INTO locales VALUES (?, ?, ?) ON CONFLICT (subject) DO UPDATE SET locale = excluded.locale, updated_at = excluded.updated_at`);
  const getZone = db.prepare(`SELECT locale FROM locales WHERE subject = ?`);
  const hold = db.prepare(`INSERT INTO held_dms VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (key) DO NOTHING`);
  const due = db.prepare(`SELECT * FROM held_dms WHERE release_at <= ? ORDER BY release_at, held_at, key`);
  const drop = db.prepare(`DELETE FROM held_dms WHERE key = ?`);
  const dropAll = db.transaction((keys: string[]) => keys.forEach((k) => drop.run(k)));
  return {
    async setDmPreferences(email, p) {
      if (email.trim()) upsert.run(...prefValues(email, p));
    },
    async dmPreferences(emails) {
      const out = new Map<string, DmPreferences>();
      for (const e of new Set(emails.filter(Boolean).map(addressKey))) {
        const r = one.get(e) as Row | undefined;
        if (r) out.set(e, toPrefs(r));
      }
      return out;
    },
    async savePersonZone(email, zone) {
      if (email.trim()) putZone.run(zoneKey(email), zone, new Date().toISOString());
    },
    async personZone(email) {
      return email.trim() ? (getZone.get(zoneKey(email)) as { locale: string } | undefined)?.locale : undefined;
    },
    async holdDm(h) {
      hold.run(...heldValues(h, h.notice === undefined ? null : JSON.stringify(h.notice)));
    },
    async heldDue(now) {
      return (due.all(now) as Row[]).map((r) => toHeld(r, true));
    },
    async dropHeld(keys) {
      if (keys.length) dropAll(keys);
    },
  };
}

/** The preference methods over the PostgreSQL store's pooled query. */
export function createPgPreferences(query: (sql: string, params?: unknown[]) => Promise<Row[]>): PreferenceStore {
  return {
    async setDmPreferences(email, p) {
      if (email.trim()) await query(UPSERT((n) => `$${n}`), prefValues(email, p));
    },
    async dmPreferences(emails) {
      const keys = [...new Set(emails.filter(Boolean).map(addressKey))];
      const rows = await query(`SELECT * FROM dm_preferences WHERE email = ANY($1::text[])`, [keys]);
      return new Map(rows.map((r) => [String(r.email), toPrefs(r)]));
    },
    async savePersonZone(email, zone) {
      if (!email.trim()) return;
      await query(`INSERT INTO locales VALUES ($1, $2, $3) ON CONFLICT (subject) DO UPDATE SET locale = excluded.locale, updated_at = excluded.updated_at`, [zoneKey(email), zone, new Date().toISOString()]);
    },
    async personZone(email) {
      if (!email.trim()) return undefined;
      const [r] = await query(`SELECT locale FROM locales WHERE subject = $1`, [zoneKey(email)]);
      return r ? String(r.locale) : undefined;
    },
    async holdDm(h) {
      await query(`INSERT INTO held_dms VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (key) DO NOTHING`, heldValues(h, h.notice === undefined ? null : JSON.stringify(h.notice)));
    },
    async heldDue(now) {
      return (await query(`SELECT * FROM held_dms WHERE release_at <= $1 ORDER BY release_at, held_at, key`, [now])).map((r) => toHeld(r, false));
    },
    async dropHeld(keys) {
      if (keys.length) await query(`DELETE FROM held_dms WHERE key = ANY($1::text[])`, [keys]);
    },
  };
}
