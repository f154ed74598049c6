/**
 * Routing (issue 42): the desk assigns new tickets itself, to people who are in. The rules file
 * (HELPDESK_ROUTING_FILE, rules.ts), the decision (decide.ts, pure), who is in (availability.ts,
 * away-reason.ts), working hours (hours.ts), its tables (routing-table.ts), the router (router.ts), the poll
 * cycle's part that assigns new and queued tickets (routing-cycle.ts), escalation of unanswered ones
 * (escalation.ts), agents' hand-overs when they go away (handover.ts), and why an assignment was
 * made, for the assignee's DM and the channel card (routing-reason.ts). Without the file nothing
 * changes: agents claim, as always.
 */
import { defineFeature } from '../types';
import { awayCommand, backCommand } from './away-command';
import { bothHooks, escalationCycle } from './escalation';
import { ESCALATION_MIGRATIONS } from './escalation-table';
import { HANDOVER_MIGRATIONS } from './handover-table';
import { checkRoutingRules, checkRoutingSources } from './routing-check';
import { routingCommand } from './routing-command';
import { routingCycle } from './routing-cycle';
import { assignmentReason } from './routing-reason';
import { ROUTING_MIGRATIONS } from './routing-table';
import type { RoutingOpened } from './ports';
import { openRoutingSource } from './rules-source';

/** The routing feature: what it adds to the bot (src/features/types.ts says what each field means). */
export const routingFeature = defineFeature({
  name: 'routing',
  needs: ['slackPresence', 'helpdesk', 'graph', 'logger', 'vocabulary', 'slaPolicy', 'now', 'timeZone', 'store', 'outbox', 'locale'],
  // HELPDESK_ROUTING_FILE, opened at start (rules that do not load stop it: RoutingRulesError names the file, the JSON
  // path and what is wrong); its parts read them as `routing`, undefined when no file is set.
  open: async (settings, logger): Promise<{ own: RoutingOpened }> => ({
    own: { routing: settings.routingFile ? { rules: await openRoutingSource(settings.routingFile, { logger }) } : undefined },
  }),
  commands: [routingCommand, awayCommand, backCommand],
  migrations: { ...ROUTING_MIGRATIONS, ...ESCALATION_MIGRATIONS, ...HANDOVER_MIGRATIONS },
  // After each poll cycle: new and queued tickets are assigned first, then unanswered ones escalate.
  cycle: (s) => bothHooks(routingCycle(s), escalationCycle(s)),
  assignmentReason: (s) => assignmentReason(s),
  doctor: [(settings) => checkRoutingRules(settings.routingFile)],
  tenantDoctor: [checkRoutingSources],
  settings: ['HELPDESK_ROUTING_FILE'],
  startup: (s) => (s.routingFile
    ? { on: true, reads: [{ setting: 'HELPDESK_ROUTING_FILE', value: s.routingFile }, { table: 'routing_tickets' }] }
    : { on: false, turnOn: { setting: 'HELPDESK_ROUTING_FILE', value: './examples/routing.json' } }),
});
