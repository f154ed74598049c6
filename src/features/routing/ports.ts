/**
 * What routing reads from outside its folder: Slack presence, status and Do Not Disturb through the
 * host's neutral port (src/core/presence.ts; the Slack channel implements it), and what its own
 * `open` step makes of HELPDESK_ROUTING_FILE (the rules, re-read when the file changes).
 */
import type { RoutingSource } from './rules-source';

export type { SlackPresencePort } from '../../core';

/** What routing's `open` step hands its own parts when HELPDESK_ROUTING_FILE is set. */
export interface RoutingHost {
  rules: RoutingSource;
}

/** Routing's own services from its `open` step: undefined when no rules file is set (agents claim, as always). */
export interface RoutingOpened {
  routing: RoutingHost | undefined;
}
