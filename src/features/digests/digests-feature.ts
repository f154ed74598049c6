/** Channel digests: `digest daily|weekly …` and the timer that posts each due slot once (its table: digest-table.ts). */
import { defineFeature } from '../types';
import { digestCommand } from './digest-command';
import { digestsOf, scheduleLine } from './digest-ports';
import { createDigestSchedules, DIGEST_MIGRATIONS } from './digest-table';

/** The digests feature: what it adds to the bot (src/features/types.ts says what each field means). */
export const digestsFeature = defineFeature({
  name: 'digests',
  needs: ['store', 'outbox', 'vocabulary', 'logger', 'timeZone', 'locale', 'slaPolicy', 'now'],
  commands: [digestCommand],
  // Every 30 s: each conversation's due slot is enqueued once (its key names the slot), replicas and restarts included.
  timers: (services) => [{ name: 'digest slots', everyMs: 30_000, run: () => digestsOf(services).tick() }],
  extensions: (services) => ({ conversationLines: (ctx, t) => scheduleLine(ctx, t, services) }),
  // A channel the bot was removed from keeps no digest, or every slot would be counted and dropped again.
  conversationGone: ({ db }) => async (platform, conversationId) => void (await createDigestSchedules(db).remove(platform, conversationId)),
  migrations: DIGEST_MIGRATIONS,
  doctor: [],
  settings: ['HELPDESK_TIME_ZONE'],
  // A policy's zone wins over HELPDESK_TIME_ZONE for schedules set without one (digest-timer.ts).
  startup: (s) => ({ on: true, reads: [{ table: 'digest_schedules' }, { setting: s.slaFile ? 'HELPDESK_SLA_FILE' : 'HELPDESK_TIME_ZONE', value: s.slaFile ?? s.timeZone }] }),
});
