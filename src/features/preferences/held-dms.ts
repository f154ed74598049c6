/**
 * What the preferences feature gives notify: people's DM choices and quiet hours (routing and
 * sending obey them, src/notify/ports.ts PersonPreferences), and the timer that releases the DMs
 * held in quiet hours once they end, through the outbox.
 */
import { createHash } from 'node:crypto';
import type { FeatureTimer, OutboxService, PersonPreferences } from '../../notify/ports';
import type { NoticeView } from '../../views/notice-view';
import type { PreferenceTable } from './preference-table';
import { quietUntil } from './quiet-hours';

/** The port over the feature's tables. */
export function peoplePreferences(table: PreferenceTable): PersonPreferences {
  return {
    dmChoices: (emails) => table.dmPreferences(emails),
    async quietUntil(email, zone, now) {
      const prefs = await table.dmPreferences([email]);
      return quietUntil([...prefs.values()][0], zone, now);
    },
    hold: (dm) => table.holdDm(dm),
  };
}

/**
 * Every 30 s: the DMs held in quiet hours that ended go out, one DM per person and ticket, its
 * lines in order, keyed by what it merges, so a second replica or a retry after a crash owes it once.
 */
export function heldDmsTimer(table: PreferenceTable, outbox: OutboxService): FeatureTimer {
  return {
    name: 'held DMs',
    everyMs: 30_000,
    async run(now) {
      const due = await table.heldDue(now);
      if (due.length === 0) return 0;
      const groups = new Map<string, typeof due>();
      for (const h of due) groups.set(`${h.email}\n${h.ticketId}`, [...(groups.get(`${h.email}\n${h.ticketId}`) ?? []), h]);
      for (const held of groups.values()) {
        const last = held[held.length - 1];
        const text = held.map((h) => h.text).join('\n');
        const notice = last.notice ? { ...(last.notice as NoticeView), text } : undefined;
        const key = `held:${createHash('sha256').update(held.map((h) => h.key).join('\n')).digest('hex').slice(0, 32)}`;
        await outbox.dm(key, last.email, text, { ticketId: last.ticketId, urgent: true, reason: last.reason, ...(notice ? { notice } : {}) });
      }
      await table.dropHeld(due.map((h) => h.key));
      return groups.size;
    },
  };
}
