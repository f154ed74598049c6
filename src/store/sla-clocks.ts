/** The SlaStore on either engine: one JSON record per ticket, with its next instant and due time indexed. */
import type { StoreSql } from './kysely';
import { needsResponse, type SlaRecord, type SlaStore } from './sla-types';
import { inChunks, int8 } from './values';

/** The SLA methods on either engine. */
export function createSla({ db, values }: StoreSql): SlaStore {
  const records = (rows: { record: unknown }[]) => rows.map((r) => values.json<SlaRecord>(r.record));
  const tickets = () => db.selectFrom('sla_tickets').select('record');
  return {
    async slaRecords(ids) {
      const rows = await inChunks([...new Set(ids)], (chunk) => tickets().where('id', 'in', chunk).execute());
      return new Map(records(rows).map((r) => [r.id, r]));
    },
    async putSlaRecords(list) {
      if (list.length === 0) return;
      await db.transaction().execute(async (trx) => {
        await inChunks(list, async (chunk) => {
          const rows = chunk.map((r) => ({ id: r.id, record: JSON.stringify(r), next_at: r.nextAt ?? null, due_at: r.dueAt ?? null, needs_response: values.flag(needsResponse(r)) }));
          await trx
            .insertInto('sla_tickets')
            .values(rows)
            .onConflict((oc) =>
              oc.column('id').doUpdateSet((eb) => ({
                record: eb.ref('excluded.record'),
                next_at: eb.ref('excluded.next_at'),
                due_at: eb.ref('excluded.due_at'),
                needs_response: eb.ref('excluded.needs_response'),
              })),
            )
            .execute();
          return [];
        }, 200);
      });
    },
    async slaDueBefore(until, limit) {
      return records(await tickets().where('next_at', 'is not', null).where('next_at', '<=', until).orderBy('next_at').limit(limit).execute());
    },
    async slaQueue(offset, limit) {
      const [page, total] = await Promise.all([
        db.selectFrom('sla_tickets').select(['id', 'due_at']).where('due_at', 'is not', null).orderBy('due_at').orderBy('id').limit(limit).offset(offset).execute(),
        db.selectFrom('sla_tickets').select((eb) => eb.fn.countAll().as('n')).where('due_at', 'is not', null).executeTakeFirstOrThrow(),
      ]);
      return { rows: page.map((r) => ({ id: r.id, dueAt: int8(r.due_at ?? 0) })), total: Number(total.n) };
    },
    async slaWithoutFirstResponse(afterId, limit) {
      return records(await tickets().where('needs_response', '=', values.flag(true)).where('id', '>', afterId).orderBy('id').limit(limit).execute());
    },
    async slaRecordPage(afterId, limit) {
      return records(await tickets().where('id', '>', afterId).orderBy('id').limit(limit).execute());
    },
    async getSlaMeta(name) {
      return (await db.selectFrom('sla_meta').select('value').where('name', '=', name).executeTakeFirst())?.value;
    },
    async putSlaMeta(name, value) {
      await db.insertInto('sla_meta').values({ name, value }).onConflict((oc) => oc.column('name').doUpdateSet({ value })).execute();
    },
  };
}
