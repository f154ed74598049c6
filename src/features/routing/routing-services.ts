/** What the routing feature is handed, and its one router per binding (the sources' caches live in it). */
import type { Kysely } from 'kysely';
import { DateTime } from 'luxon';
import type { HelpdeskService } from '../../helpdesk/types';
import type { HostServices } from '../types';
import { createAvailability } from './availability';
import type { RoutingHost, RoutingOpened } from './ports';
import { createRouter, type Router } from './router';
import { createRoutingTable, type RoutingTable, type RoutingTables } from './routing-table';

/** The host services routing names, its tables, and its rules (its `open` step's). */
export type RoutingServices = Pick<HostServices, 'slackPresence' | 'helpdesk' | 'graph' | 'logger' | 'vocabulary' | 'slaPolicy' | 'now' | 'timeZone' | 'store' | 'outbox'> & RoutingOpened & { db: Kysely<RoutingTables> };

const routers = new WeakMap<RoutingHost, Router>();

/** The routing tables. */
export const tableOf = (services: Pick<RoutingServices, 'db'>): RoutingTable => createRoutingTable(services.db);

/**
 * The router of this binding, made at first use (its sources' caches live as long as the binding);
 * undefined when no rules file is set. `helpdesk` answers who is active (the caller's ticket service).
 */
export function routerOf(services: RoutingServices, helpdesk: Pick<HelpdeskService, 'activeAgents'>): Router | undefined {
  const host = services.routing;
  if (!host) return undefined;
  let router = routers.get(host);
  if (!router) {
    const now = () => services.now().getTime();
    router = createRouter({
      rules: host.rules,
      table: tableOf(services),
      availability: createAvailability({ graph: services.graph, slack: services.slackPresence, logger: services.logger, now }),
      helpdesk,
      db: services.db,
      vocabulary: services.vocabulary,
      slaPolicy: services.slaPolicy,
      now: services.now,
      dayStart: (at) => DateTime.fromMillis(at, { zone: services.timeZone }).startOf('day').toMillis(),
    });
    routers.set(host, router);
  }
  return router;
}
