/**
 * Channel digest schedules on both engines: one row per conversation with its schedule, the last
 * slot handled and "since the last digest". Moving `last_slot` is a compare-and-set, so of two
 * replicas that find the same slot due only one moves it; the digest itself is an outbox row whose
 * key names the slot, so it is enqueued once whoever enqueues it (src/routines/digests.ts).
 */
import type { Selectable } from 'kysely';
import type { StoreSql } from './kysely';
import { indexedOf } from './search-terms';
import type { DigestSchedulesTable } from './tables';
import { int8, platformOf } from './values';
import type { IndexedTicket } from '../core/search';
import type { DigestSpec } from '../core/digests';
import type { Platform } from './types';

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

/** The digest part of the Store. */
export interface DigestStore {
  /** Sets a conversation's schedule; a conversation that had one keeps its "since the last digest". */
  putDigestSchedule(record: DigestRecord): Promise<void>;
  /** Removes a conversation's schedule; false when it had none. */
  removeDigestSchedule(platform: Platform, conversationId: string): Promise<boolean>;
  digestSchedule(platform: Platform, conversationId: string): Promise<DigestRecord | undefined>;
  digestSchedules(): Promise<DigestRecord[]>;
  /** Moves last_slot from `fromSlot` to `toSlot` and "since" to `sinceAt`; false when another process moved it first. */
  advanceDigest(platform: Platform, conversationId: string, fromSlot: number, toSlot: number, sinceAt: number): Promise<boolean>;
  /** Indexed tickets not in `doneStatuses`, and those modified at or after `since` (epoch ms). */
  digestTickets(since: number, doneStatuses: readonly string[]): Promise<IndexedTicket[]>;
}

function toRecord(r: Selectable<DigestSchedulesTable>): DigestRecord {
  const spec: DigestSpec = { cadence: r.cadence === 'weekly' ? 'weekly' : 'daily', time: r.time, zone: r.zone };
  if (r.weekday !== null) spec.weekday = r.weekday;
  return { platform: platformOf(r.platform), conversationId: r.conversation_id, spec, createdBy: r.created_by, lastSlot: int8(r.last_slot), sinceAt: int8(r.since_at) };
}

/** The digest methods on either engine. */
export function createDigests({ db }: StoreSql): DigestStore {
  const at = (platform: string, conversationId: string) => db.selectFrom('digest_schedules').selectAll().where('platform', '=', platform).where('conversation_id', '=', conversationId);
  return {
    async putDigestSchedule(d) {
      const set = { cadence: d.spec.cadence, weekday: d.spec.weekday ?? null, time: d.spec.time, zone: d.spec.zone, created_by: d.createdBy, updated_at: new Date().toISOString(), last_slot: d.lastSlot };
      await db
        .insertInto('digest_schedules')
        .values({ platform: d.platform, conversation_id: d.conversationId, ...set, since_at: d.sinceAt })
        .onConflict((oc) => oc.columns(['platform', 'conversation_id']).doUpdateSet(set))
        .execute();
    },
    async removeDigestSchedule(platform, conversationId) {
      const gone = await db.deleteFrom('digest_schedules').where('platform', '=', platform).where('conversation_id', '=', conversationId).executeTakeFirst();
      return Number(gone.numDeletedRows) > 0;
    },
    async digestSchedule(platform, conversationId) {
      const r = await at(platform, conversationId).executeTakeFirst();
      return r && toRecord(r);
    },
    async digestSchedules() {
      return (await db.selectFrom('digest_schedules').selectAll().orderBy('platform').orderBy('conversation_id').execute()).map(toRecord);
    },
    async advanceDigest(platform, conversationId, fromSlot, toSlot, sinceAt) {
      const moved = await db
        .updateTable('digest_schedules')
        .set({ last_slot: toSlot, since_at: sinceAt })
        .where('platform', '=', platform)
        .where('conversation_id', '=', conversationId)
        .where('last_slot', '=', fromSlot)
        .executeTakeFirst();
      return Number(moved.numUpdatedRows) > 0;
    },
    async digestTickets(since, done) {
      const rows = await db
        .selectFrom('search_docs')
        .select(['id', 'etag', 'title', 'status', 'priority', 'category', 'requester_email', 'requester_name', 'assignee_email', 'assignee_name', 'space_id', 'created', 'modified'])
        .where((eb) => (done.length ? eb.or([eb('status', 'not in', [...done]), eb('modified_at', '>=', since)]) : eb.lit(true)))
        .execute();
      return rows.map((r) => indexedOf({ ...r, description: '' }));
    },
  };
}
