/** SLA clocks: the policy file, working-time clocks per ticket, alerts to SLA subscriptions and assignees, `sla <id>` and `queue due`. Its tables (sla_meta, sla_tickets) are still in src/store; its cycle hook is built in src/notify/start.ts while the policy source is not a host service. */
import { defineFeature } from '../types';
import { slaCommand } from './sla-command';
import { checkSlaPolicy } from './sla-check';

/** The sla feature: what it adds to the bot (src/features/types.ts says what each field means). */
export const slaFeature = defineFeature({
  name: 'sla',
  needs: [],
  commands: [slaCommand],
  migrations: {},
  doctor: [(settings) => checkSlaPolicy(settings.slaFile, settings.priorities)],
  settings: ['HELPDESK_SLA_FILE'],
  startup: (s) => (s.slaFile ? { on: true, reads: [{ setting: 'HELPDESK_SLA_FILE', value: s.slaFile }, { table: 'sla_tickets' }] } : { on: false, turnOn: { setting: 'HELPDESK_SLA_FILE', value: './sla.json' } }),
});
