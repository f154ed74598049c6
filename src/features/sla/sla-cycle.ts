/**
 * The poll cycle's one call into SLA clocks: run the tracker over what the cycle read, owe what
 * it found, then record it as told. A failure here is logged and never fails the cycle: its changes are committed,
 * and the next cycle finds the same thresholds still unannounced.
 */
import { addressKey, type RoleVocabulary } from '../../core/vocabulary';
import { everyTicket, type ChangeFeed } from '../../helpdesk/changes';
import type { Comment, HelpdeskService, Ticket } from '../../helpdesk/types';
import type { Logger } from '../../log';
import { slaRoleOf } from './clock-roles';
import type { PolicySource } from './policy-source';
import type { Store } from '../../store/types';
import type { CycleHook } from '../../notify/ports';
import { createSlaTracker, type SlaFindings } from './clock-tracker';

/** Options for createSlaHook. */
export interface SlaHookConfig {
  source: PolicySource;
  store: Store;
  feed: ChangeFeed;
  helpdesk: Pick<HelpdeskService, 'listComments' | 'activeAgents'>;
  logger: Logger;
  /** The statuses and their roles: a waiting status pauses the clocks. */
  vocabulary: RoleVocabulary;
  /** Owes what was found (src/features/sla/sla-alerts.ts); default: logged only. */
  tell?: (findings: SlaFindings, now: number) => Promise<void>;
}

/**
 * The SLA clocks' cycle hook: the poll cycle's tickets, and at once what a command just wrote (its
 * cards' clocks, no Graph read). The comment scan reads as the ticket's requester, who sees its public comments.
 */
export function createSlaHook(config: SlaHookConfig): CycleHook {
  const logger = config.logger.child({ component: 'sla' });
  const tracker = createSlaTracker({
    source: config.source,
    store: config.store,
    logger,
    roleOf: slaRoleOf(config.vocabulary),
    everyTicket: () => everyTicket(config.feed),
    commentsOf: async (id, requester) => (await config.helpdesk.listComments({ email: requester, name: '' }, id)).filter((c) => !c.isInternal),
    activeAgents: async () => new Set((await config.helpdesk.activeAgents()).map((a) => addressKey(a.email))),
  });
  /** Owes what was found, then records it as told; a failure is logged and the next cycle finds the same again. */
  async function settle(found: SlaFindings, now: number): Promise<void> {
    if (found.alerts.length > 0 || found.backlog.tickets > 0) logger.info('SLA thresholds crossed', { alerts: found.alerts.length, backlog: found.backlog.tickets });
    await config.tell?.(found, now);
    await found.save();
  }
  return {
    async afterCycle(tickets, comments, now) {
      try {
        await settle(await tracker.cycle(tickets, comments, now), now);
      } catch (err) {
        logger.error('SLA clocks could not be updated this cycle; the next cycle tries again', { error: err });
      }
    },
    async afterWrite(tickets, comments, now) {
      try {
        await settle(await tracker.written(tickets, comments, now), now);
      } catch (err) {
        logger.warn('SLA clocks of what the bot just wrote could not be updated; the next poll does it', { error: err });
      }
    },
  };
}
