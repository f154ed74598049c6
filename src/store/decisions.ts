/**
 * Decisions claimed before a write (src/commands/once.ts), both engines: one row per decision key.
 * The claim is one INSERT that only one caller wins (a row whose claim expired is taken over in
 * the same statement, as inbound ids are); the winner's answer is kept on the row for the losers.
 * A claim whose winner died frees itself when its short pending time ends.
 */
import type { StoreSql } from './kysely';
import type { Store } from './types';
import { int8 } from './values';

/** The decisions part of the Store. */
export type DecisionStore = Pick<Store, 'claimDecision' | 'decisionOutcome' | 'settleDecision' | 'releaseDecision'> & {
  /** Forgets expired decisions. */
  pruneDecisions(): Promise<void>;
};

/** Decisions on either engine. */
export function createDecisions({ db }: StoreSql): DecisionStore {
  return {
    async claimDecision(key, pendingMs) {
      const now = Date.now();
      const won = await db
        .insertInto('decisions')
        .values({ key, reply: null, expires_at: now + pendingMs })
        .onConflict((oc) => oc.column('key').doUpdateSet({ reply: null, expires_at: now + pendingMs }).where('decisions.expires_at', '<=', now))
        .returning('key')
        .executeTakeFirst();
      return won ? 'won' : 'taken';
    },
    async decisionOutcome(key) {
      const row = await db.selectFrom('decisions').select(['reply', 'expires_at']).where('key', '=', key).executeTakeFirst();
      if (!row || int8(row.expires_at) <= Date.now()) return undefined;
      return row.reply === null ? 'pending' : { reply: JSON.parse(row.reply) as unknown };
    },
    async settleDecision(key, reply, keepMs) {
      await db.updateTable('decisions').set({ reply: JSON.stringify(reply), expires_at: Date.now() + keepMs }).where('key', '=', key).execute();
    },
    async releaseDecision(key) {
      await db.deleteFrom('decisions').where('key', '=', key).execute();
    },
    async pruneDecisions() {
      await db.deleteFrom('decisions').where('expires_at', '<=', Date.now()).execute();
    },
  };
}
