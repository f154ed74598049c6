/** SLA clocks: the policy file, working-time clocks per ticket, alerts to SLA subscriptions and assignees, `sla <id>` and `queue due`. Its tables (sla_tickets, sla_meta) are its own (sla-table.ts); its cycle hook keeps them (sla-cycle.ts). */
import { defineFeature } from '../types';
import { slaCommand } from './sla-command';
import { checkSlaPolicy } from './sla-check';
import { listWithClocks, withClocks } from './clock-view';
import { slaCardClocks } from './sla-report';
import { dueQueue } from './queue-due';
import { createSlaTable, SLA_MIGRATIONS } from './sla-table';
import { createSlaHook } from './sla-cycle';
import { createSlaAlerts } from './sla-alerts';
import { openPolicySource } from './policy-source';

/** The sla feature: what it adds to the bot (src/features/types.ts says what each field means). */
export const slaFeature = defineFeature({
  name: 'sla',
  needs: ['store', 'outbox', 'slaPolicy', 'vocabulary', 'now', 'timeZone', 'helpdesk', 'feed', 'logger', 'locale'],
  // HELPDESK_SLA_FILE, opened at start (a policy that does not load stops it: PolicyError lists why) and supplied
  // to every listed feature that reads the policy (this one's clocks, digests, reports, storms, routing's hours).
  open: async (settings, logger) => ({
    own: {},
    supplies: { slaPolicy: settings.slaFile ? await openPolicySource(settings.slaFile, { logger, priorities: settings.helpdesk.priorities }) : undefined },
  }),
  commands: [slaCommand],
  // Agents' cards and lists show the clocks the store keeps; without a policy nothing keeps any, and the cards read nothing.
  cards: ({ db, slaPolicy }) => {
    const sla = createSlaTable(db);
    return slaPolicy ? {
      ticket: async (view) => withClocks(view, (await slaCardClocks(sla, [view.id])).get(view.id)),
      list: async (list) => listWithClocks(list, await slaCardClocks(sla, list.tickets.map((t) => t.id))),
    } : {};
  },
  // Each poll cycle (and each write of the bot) moves the clocks and owes the alerts they cross; without a policy there are none to keep.
  cycle: ({ slaPolicy, store, outbox, feed, helpdesk, logger, vocabulary, locale }) => (slaPolicy
    ? createSlaHook({ source: slaPolicy, store, feed, helpdesk, logger, vocabulary, tell: createSlaAlerts({ store, outbox, vocabulary, locale }) })
    : { afterCycle: async () => undefined, afterWrite: async () => undefined }),
  extensions: ({ db, slaPolicy }) => ({ queues: { due: (ctx, input) => dueQueue(ctx, input, { slaPolicy, sla: createSlaTable(db) }) } }),
  migrations: SLA_MIGRATIONS,
  doctor: [(settings) => checkSlaPolicy(settings.slaFile, settings.priorities)],
  settings: ['HELPDESK_SLA_FILE'],
  startup: (s) => (s.slaFile ? { on: true, reads: [{ setting: 'HELPDESK_SLA_FILE', value: s.slaFile }, { table: 'sla_tickets' }] } : { on: false, turnOn: { setting: 'HELPDESK_SLA_FILE', value: './examples/sla.json' } }),
});
