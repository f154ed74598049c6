/** Change storms: one summary in place of many cards in a poll cycle, listed by `queue changes` (its planning hook rewrites the cycle's plan before the commit; its ticket lists are memos in src/store). */
import { defineFeature } from '../types';
import { changesQueue } from './queue-changes';
import { summariseStorms } from './storm-planning';

/** What the storms feature's `open` step keeps of its settings for its own parts. */
export interface StormsOpened {
  /** HELPDESK_STORM_THRESHOLD, as src/config.ts checked it. */
  stormThreshold: number;
}

/** The storms feature: what it adds to the bot (src/features/types.ts says what each field means). */
export const stormsFeature = defineFeature({
  name: 'storms',
  needs: ['store', 'vocabulary', 'logger', 'slaPolicy'],
  // HELPDESK_STORM_THRESHOLD, as src/config.ts checked it: its planning reads it as `stormThreshold`.
  open: async (settings): Promise<{ own: StormsOpened }> => ({ own: { stormThreshold: settings.stormThreshold } }),
  commands: [],
  // More than HELPDESK_STORM_THRESHOLD of one channel's tickets in one cycle: one summary in their place, committed with the cycle.
  // A breached SLA makes a ticket matter only where clocks are kept (a policy set, and the sla feature listed).
  plan: ({ store, vocabulary, stormThreshold, logger, slaPolicy }) => ({
    cycle: (plan) => summariseStorms({ store, vocabulary, threshold: stormThreshold, logger, clocks: slaPolicy !== undefined, ...plan }),
  }),
  // `queue changes`: the tickets a storm's summary lists, from the memo the cycle kept.
  extensions: ({ store }) => ({ queues: { changes: (ctx, input) => changesQueue(ctx, input, store) } }),
  migrations: {},
  doctor: [],
  settings: ['HELPDESK_STORM_THRESHOLD'],
  startup: (s) => ({ on: true, reads: [{ setting: 'HELPDESK_STORM_THRESHOLD', value: String(s.stormThreshold) }] }),
});
