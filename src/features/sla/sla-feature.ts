/** SLA clocks: the policy file, working-time clocks per ticket, alerts to SLA subscriptions and assignees, `sla <id>` and `queue due`. Its tables (sla_meta, sla_tickets) are still in src/store; its cycle hook is built in src/notify/start.ts while the policy source is not a host service. */
import { defineFeature } from '../types';
import { slaCommand } from './sla-command';
import { checkSlaPolicy } from './sla-check';
import { listWithClocks, withClocks } from './clock-view';
import { slaCardClocks } from './sla-report';

/** The sla feature: what it adds to the bot (src/features/types.ts says what each field means). */
export const slaFeature = defineFeature({
  name: 'sla',
  needs: ['store'],
  commands: [slaCommand],
  // Agents' cards and lists show the clocks the store keeps (none without a policy: nothing tracks them).
  cards: ({ store }) => ({
    ticket: async (view) => withClocks(view, (await slaCardClocks(store, [view.id])).get(view.id)),
    list: async (list) => listWithClocks(list, await slaCardClocks(store, list.tickets.map((t) => t.id))),
  }),
  migrations: {},
  doctor: [(settings) => checkSlaPolicy(settings.slaFile, settings.priorities)],
  settings: ['HELPDESK_SLA_FILE'],
  startup: (s) => (s.slaFile ? { on: true, reads: [{ setting: 'HELPDESK_SLA_FILE', value: s.slaFile }, { table: 'sla_tickets' }] } : { on: false, turnOn: { setting: 'HELPDESK_SLA_FILE', value: './sla.json' } }),
});
