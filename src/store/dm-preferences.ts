/**
 * Per-person notification choices on both engines: which DMs a person gets and their quiet
 * hours (`dm_preferences`), their time zone (kept like their language, in `locales` under
 * `zone:<address>`), and the DMs held during quiet hours (`held_dms`, keyed by the outbox key
 * that owed them, so holding one twice keeps one).
 */
import type { Selectable } from 'kysely';
import type { StoreSql } from './kysely';
import type { DmPreferencesTable, HeldDmsTable } from './tables';
import { inChunks, int8, type Values } from './values';
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

const zoneKey = (email: string) => `zone:${addressKey(email)}`;

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

/** The preference methods on either engine. */
export function createPreferences({ db, values }: StoreSql): PreferenceStore {
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
    async savePersonZone(email, zone) {
      if (!email.trim()) return;
      const set = { locale: zone, updated_at: new Date().toISOString() };
      await db.insertInto('locales').values({ subject: zoneKey(email), ...set }).onConflict((oc) => oc.column('subject').doUpdateSet(set)).execute();
    },
    async personZone(email) {
      if (!email.trim()) return undefined;
      return (await db.selectFrom('locales').select('locale').where('subject', '=', zoneKey(email)).executeTakeFirst())?.locale;
    },
    async holdDm(h) {
      const row = { key: h.key, email: addressKey(h.email), ticket_id: h.ticketId, text: h.text, reason: h.reason, notice: h.notice === undefined ? null : JSON.stringify(h.notice), release_at: h.releaseAt, held_at: new Date().toISOString() };
      await db.insertInto('held_dms').values(row).onConflict((oc) => oc.column('key').doNothing()).execute();
    },
    async heldDue(now) {
      const rows = await db.selectFrom('held_dms').selectAll().where('release_at', '<=', now).orderBy('release_at').orderBy('held_at').orderBy('key').execute();
      return rows.map((r) => toHeld(r, values));
    },
    async dropHeld(keys) {
      await inChunks(keys, async (chunk) => {
        await db.deleteFrom('held_dms').where('key', 'in', chunk).execute();
        return [];
      });
    },
  };
}
