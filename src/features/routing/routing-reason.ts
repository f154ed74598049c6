/**
 * Why a ticket went to its assignee, for the notifier (the feature's `assignmentReason`): the
 * assignee's DM says "Assigned to you by round robin in Hardware; you have 3 open." and the
 * channel card "Assigned to Megan (round robin)", in the reader's language. Read from routing's
 * row of the ticket (no Graph request); nothing when routing did not make this assignment.
 */
import { addressKey } from '../../core/vocabulary';
import { translator } from '../../i18n';
import type { AssignmentReason } from '../../notify/routing';
import { tableOf, type RoutingServices } from './routing-services';

/** The hook: the reason while routing's row says it assigned the ticket to this person. */
export function assignmentReason(services: Pick<RoutingServices, 'routing' | 'db' | 'logger'>) {
  const table = tableOf(services);
  return async (ticketId: number, assignee: string, locale: string): Promise<AssignmentReason | undefined> => {
    if (!services.routing) return undefined;
    try {
      const row = await table.ticket(ticketId);
      const code = row?.why?.code;
      if (row?.state !== 'assigned' || row.assignee !== addressKey(assignee) || !row.group || (code !== 'round-robin' && code !== 'least-busy')) return undefined;
      const t = translator(locale);
      const method = t(`routing:reason.method.${code}`);
      return { dm: t('routing:reason.dm', { method, group: row.group, count: (row.why?.load ?? 0) + 1 }), card: t('routing:reason.card', { method }) };
    } catch (err) {
      // The store could not be read: the DM and card go out as they would without routing.
      services.logger.warn('routing could not read why a ticket was assigned; the message goes without it', { ticketId, error: err });
      return undefined;
    }
  };
}
