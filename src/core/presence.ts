/**
 * Slack's view of people (presence, profile status, Do Not Disturb), as a port: the Slack channel
 * implements it over its Web API client (src/channels/slack/presence.ts) and the host offers it to
 * any listed feature that names it (routing reads who is in). Undefined when Slack is off.
 */

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
