/**
 * Routing (issue 42): the desk assigns new tickets itself, to people who are in. The rules file
 * (HELPDESK_ROUTING_FILE, rules.ts), the decision (decide.ts, pure), who is in (availability.ts,
 * away-reason.ts), working hours (hours.ts), its tables (routing-table.ts), `routeTicket` (router.ts),
 * which the poll cycle's wiring calls for each new ticket, and escalation (escalation.ts) after each cycle. Without the file nothing changes: agents claim, as always.
 */
import { defineFeature } from '../types';
import { awayCommand, backCommand } from './away-command';
import { escalationCycle } from './escalation';
import { ESCALATION_MIGRATIONS } from './escalation-table';
import { checkRoutingRules, checkRoutingSources } from './routing-check';
import { routingCommand } from './routing-command';
import { ROUTING_MIGRATIONS } from './routing-table';

/** The routing feature: what it adds to the bot (src/features/types.ts says what each field means). */
export const routingFeature = defineFeature({
  name: 'routing',
  needs: ['routing', 'graph', 'logger', 'vocabulary', 'slaPolicy', 'now', 'timeZone', 'store', 'helpdesk', 'locale'],
  commands: [routingCommand, awayCommand, backCommand],
  migrations: { ...ROUTING_MIGRATIONS, ...ESCALATION_MIGRATIONS },
  // The lead merges routing-cycle.ts's routingCycle in front of it: cycle: (s) => bothHooks(routingCycle(s), escalationCycle(s)).
  cycle: (services) => escalationCycle(services),
  doctor: [(settings) => checkRoutingRules(settings.routingFile)],
  tenantDoctor: [checkRoutingSources],
  settings: ['HELPDESK_ROUTING_FILE'],
  startup: (s) => (s.routingFile
    ? { on: true, reads: [{ setting: 'HELPDESK_ROUTING_FILE', value: s.routingFile }, { table: 'routing_tickets' }] }
    : { on: false, turnOn: { setting: 'HELPDESK_ROUTING_FILE', value: './examples/routing.json' } }),
});
