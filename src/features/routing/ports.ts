/**
 * What routing reads from outside its folder: Slack presence, status and Do Not Disturb through a
 * port the Slack side provides (src/channels/slack/presence.ts implements it with @slack/web-api),
 * and what the host gives the feature (the rules file, that port).
 */
import type { RoutingSource } from './rules-source';

/** Slack's view of one person, through the Web API. */
export interface SlackPresencePort {
  /** The Slack user id of an address (users.lookupByEmail); undefined when the workspace has none. */
  userIdOf(email: string): Promise<string | undefined>;
  /** users.getPresence. */
  presence(userId: string): Promise<'active' | 'away'>;
  /** users.info's profile status; `expiration` in epoch seconds, 0 when it does not end by itself. */
  status(userId: string): Promise<{ text: string; emoji: string; expiration: number }>;
  /** dnd.teamInfo for these users (Slack takes a comma-separated list): whether Do Not Disturb is on, and its window in epoch seconds. */
  dnd(userIds: readonly string[]): Promise<Map<string, { enabled: boolean; start?: number; end?: number }>>;
}

/** What the host hands the routing feature when HELPDESK_ROUTING_FILE is set. */
export interface RoutingHost {
  rules: RoutingSource;
  /** Undefined when Slack is off: the Slack sources say nothing. */
  slack: SlackPresencePort | undefined;
}
