/**
 * Why a ticket went to its assignee, for the notifier (the feature's `assignmentReason`): the
 * assignee's DM says "Assigned to you by round robin in Hardware; you have 3 open." and the
 * channel card "Assigned to Megan (round robin)", in the reader's language. Read from routing's
 * row of the ticket (no Graph request); nothing when routing did not make this assignment. A
 * ticket escalation moved to them says whom it came from ("Escalated to you from Megan Bowen, who
 * did not answer.") and "(escalated)" on the card; one an agent handed over when they went away,
 * whom it came from ("Handed over to you by round robin in Hardware from Megan Bowen, who is away;
 * you have 3 open.").
 */
import { addressKey } from '../../core/vocabulary';
import { translator } from '../../i18n';
import type { AssignmentReason } from '../../notify/ports';
import { createEscalationTable, type EscalationTables } from './escalation-table';
import { tableOf, type RoutingServices } from './routing-services';

/** The hook: the reason while routing's row says it assigned the ticket to this person. */
export function assignmentReason(services: Pick<RoutingServices, 'routing' | 'db' | 'logger' | 'helpdesk'>) {
  const table = tableOf(services);
  return async (ticketId: number, assignee: string, locale: string): Promise<AssignmentReason | undefined> => {
    if (!services.routing) return undefined;
    try {
      const moved = await createEscalationTable(services.db.withTables<EscalationTables>()).lastMove(ticketId);
      if (moved && moved.to === addressKey(assignee)) {
        const t = translator(locale);
        return { dm: t('routing:reason.escalatedDm', { from: await nameOf(services, moved.from) }), card: t('routing:reason.escalatedCard') };
      }
      const row = await table.ticket(ticketId);
      const code = row?.why?.code;
      if (row?.state !== 'assigned' || row.assignee !== addressKey(assignee) || !row.group || (code !== 'round-robin' && code !== 'least-busy')) return undefined;
      const t = translator(locale);
      const method = t(`routing:reason.method.${code}`);
      const vars = { method, group: row.group, count: (row.why?.load ?? 0) + 1 };
      // A ticket an agent handed over when they went away says whom it came from.
      const dm = row.from ? t('routing:reason.handedDm', { ...vars, from: await nameOf(services, row.from) }) : t('routing:reason.dm', vars);
      return { dm, card: t('routing:reason.card', { method }) };
    } catch (err) {
      // The store could not be read: the DM and card go out as they would without routing.
      services.logger.warn('routing could not read why a ticket was assigned; the message goes without it', { ticketId, error: err });
      return undefined;
    }
  };
}

/** An agent's display name from the desk's agents (cached by the service), else their address. */
async function nameOf(services: Pick<RoutingServices, 'helpdesk'>, address: string): Promise<string> {
  // The agents cannot be read now: the DM names them by address.
  const agents = await services.helpdesk.activeAgents().catch(() => []);
  return agents.find((a) => addressKey(a.email) === address)?.name || address;
}
