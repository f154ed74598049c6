/** SLA clocks: the policy file, working-time clocks per ticket, alerts to SLA subscriptions and assignees, `sla <id>` and `queue due`. Its tables (sla_meta, sla_tickets) are still in src/store, and its cycle hook is built in src/notify/start.ts. */
import { defineFeature } from '../types';
import { slaCommand } from './sla-command';
import { checkSlaPolicy } from './sla-check';
import { listWithClocks, withClocks } from './clock-view';
import { slaCardClocks } from './sla-report';
import { dueQueue } from './queue-due';

/** The sla feature: what it adds to the bot (src/features/types.ts says what each field means). */
export const slaFeature = defineFeature({
  name: 'sla',
  needs: ['store', 'slaPolicy', 'vocabulary', 'now', 'timeZone'],
  commands: [slaCommand],
  // Agents' cards and lists show the clocks the store keeps; without a policy nothing keeps any, and the cards read nothing.
  cards: ({ store, slaPolicy }) => (slaPolicy ? {
    ticket: async (view) => withClocks(view, (await slaCardClocks(store, [view.id])).get(view.id)),
    list: async (list) => listWithClocks(list, await slaCardClocks(store, list.tickets.map((t) => t.id))),
  } : {}),
  extensions: (services) => ({ queues: { due: (ctx, input) => dueQueue(ctx, input, services) } }),
  migrations: {},
  doctor: [(settings) => checkSlaPolicy(settings.slaFile, settings.priorities)],
  settings: ['HELPDESK_SLA_FILE'],
  startup: (s) => (s.slaFile ? { on: true, reads: [{ setting: 'HELPDESK_SLA_FILE', value: s.slaFile }, { table: 'sla_tickets' }] } : { on: false, turnOn: { setting: 'HELPDESK_SLA_FILE', value: './sla.json' } }),
});
