/**
 * Channel digest schedules on both engines: one row per conversation with its schedule, the last
 * slot handled and "since the last digest". Moving `last_slot` is a compare-and-set, so of two
 * replicas that find the same slot due only one moves it; the digest itself is an outbox row whose
 * key names the slot, so it is enqueued once whoever enqueues it (digest-timer.ts). The table is
 * the feature's own (`db`); every database has had it since the store's version-15 history, which
 * runs first, so the feature's migration only declares it (and would make it where that history never ran).
 */
import type { Kysely, Selectable } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DigestSpec } from '../../core/digests';
import type { Int8 } from '../../store/tables';
import type { Platform, Store } from '../../store/types';
import { tableIn } from '../table-in';
import { int8, platformOf } from '../../store/values';

/** One conversation's digest schedule as the table holds it. */
export interface DigestSchedulesTable {
  platform: string;
  conversation_id: string;
  cadence: string;
  weekday: number | null;
  time: string;
  zone: string;
  created_by: string;
  updated_at: string;
  last_slot: Int8;
  since_at: Int8;
}

/** The digests feature's tables, as Kysely sees them. */
export interface DigestTables {
  digest_schedules: DigestSchedulesTable;
}

/** The feature's migrations, run by the store's migrator after the store's own. */
export const DIGEST_MIGRATIONS: Record<string, Migration> = {
  '001-digest-schedules': {
    async up(db: Kysely<any>) {
      await db.schema.createTable('digest_schedules').ifNotExists()
        .addColumn('platform', 'text', (c) => c.notNull())
        .addColumn('conversation_id', 'text', (c) => c.notNull())
        .addColumn('cadence', 'text', (c) => c.notNull())
        .addColumn('weekday', 'integer')
        .addColumn('time', 'text', (c) => c.notNull())
        .addColumn('zone', 'text', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('last_slot', 'bigint', (c) => c.notNull())
        .addColumn('since_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('digest_schedules_pk', ['platform', 'conversation_id'])
        .execute();
    },
  },
};

/** One conversation's digest schedule as stored. */
export interface DigestRecord {
  platform: Platform;
  conversationId: string;
  spec: DigestSpec;
  createdBy: string;
  /** Epoch ms of the last slot handled (when the schedule was set, before its first slot). */
  lastSlot: number;
  /** Epoch ms "new since the last digest" counts from. */
  sinceAt: number;
}

/** The schedules, as the `digest` command and the timer read and move them. */
export interface DigestSchedules {
  /** Sets a conversation's schedule; a conversation that had one keeps its "since the last digest". */
  put(record: DigestRecord): Promise<void>;
  /** Removes a conversation's schedule; false when it had none. */
  remove(platform: Platform, conversationId: string): Promise<boolean>;
  get(platform: Platform, conversationId: string): Promise<DigestRecord | undefined>;
  list(): Promise<DigestRecord[]>;
  /** Moves last_slot from `fromSlot` to `toSlot` and "since" to `sinceAt`; false when another process moved it first. */
  advance(platform: Platform, conversationId: string, fromSlot: number, toSlot: number, sinceAt: number): Promise<boolean>;
}

function toRecord(r: Selectable<DigestSchedulesTable>): DigestRecord {
  const spec: DigestSpec = { cadence: r.cadence === 'weekly' ? 'weekly' : 'daily', time: r.time, zone: r.zone };
  if (r.weekday !== null) spec.weekday = r.weekday;
  return { platform: platformOf(r.platform), conversationId: r.conversation_id, spec, createdBy: r.created_by, lastSlot: int8(r.last_slot), sinceAt: int8(r.since_at) };
}

/** The schedules on either engine. */
export function createDigestSchedules(db: Kysely<DigestTables>): DigestSchedules {
  const at = (platform: string, conversationId: string) => db.selectFrom('digest_schedules').selectAll().where('platform', '=', platform).where('conversation_id', '=', conversationId);
  return {
    async put(d) {
      const set = { cadence: d.spec.cadence, weekday: d.spec.weekday ?? null, time: d.spec.time, zone: d.spec.zone, created_by: d.createdBy, updated_at: new Date().toISOString(), last_slot: d.lastSlot };
      await db
        .insertInto('digest_schedules')
        .values({ platform: d.platform, conversation_id: d.conversationId, ...set, since_at: d.sinceAt })
        .onConflict((oc) => oc.columns(['platform', 'conversation_id']).doUpdateSet(set))
        .execute();
    },
    async remove(platform, conversationId) {
      const gone = await db.deleteFrom('digest_schedules').where('platform', '=', platform).where('conversation_id', '=', conversationId).executeTakeFirst();
      return Number(gone.numDeletedRows) > 0;
    },
    async get(platform, conversationId) {
      const r = await at(platform, conversationId).executeTakeFirst();
      return r && toRecord(r);
    },
    async list() {
      return (await db.selectFrom('digest_schedules').selectAll().orderBy('platform').orderBy('conversation_id').execute()).map(toRecord);
    },
    async advance(platform, conversationId, fromSlot, toSlot, sinceAt) {
      const moved = await db
        .updateTable('digest_schedules')
        .set({ last_slot: toSlot, since_at: sinceAt })
        .where('platform', '=', platform)
        .where('conversation_id', '=', conversationId)
        .where('last_slot', '=', fromSlot)
        .executeTakeFirst();
      return Number(moved.numUpdatedRows) > 0;
    },
  };
}

/** The schedules in a store's database, for the timer, which holds the store rather than the feature's handle. */
export const digestSchedulesIn = (store: Pick<Store, 'featureDatabase'>): DigestSchedules => tableIn(store, (db) => createDigestSchedules(db as Kysely<DigestTables>));
