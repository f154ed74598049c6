/**
 * Slack's view of people (the neutral port src/core/presence.ts names, which the host offers the
 * features as `slackPresence`): users.lookupByEmail, users.getPresence, users.info's profile status
 * and dnd.teamInfo, through the channel's Web API client once the channel has started. Translation
 * only: a feature (routing) decides what "away" means.
 */
import type { SlackPresencePort } from '../../core';
import { slackErrorCode, type SlackClient } from './command-context';

/** The port over the client `client()` returns (undefined until the Slack channel has started: each call fails, and routing skips Slack). */
export function slackPresenceOver(client: () => SlackClient | undefined): SlackPresencePort {
  const web = (): SlackClient => {
    const c = client();
    if (!c) throw new Error('the Slack channel has not started yet');
    return c;
  };
  return {
    async userIdOf(email: string): Promise<string | undefined> {
      try {
        return (await web().users.lookupByEmail({ email })).user?.id;
      } catch (e) {
        // Slack has nobody with this address (or hides it): that person has no Slack side.
        if (slackErrorCode(e) === 'users_not_found') return undefined;
        throw e;
      }
    },
    async presence(user: string): Promise<'active' | 'away'> {
      return (await web().users.getPresence({ user })).presence === 'away' ? 'away' : 'active';
    },
    async status(user: string): Promise<{ text: string; emoji: string; expiration: number }> {
      const profile = (await web().users.info({ user })).user?.profile;
      return { text: profile?.status_text ?? '', emoji: profile?.status_emoji ?? '', expiration: Number(profile?.status_expiration ?? 0) };
    },
    async dnd(users: readonly string[]): Promise<Map<string, { enabled: boolean; start?: number; end?: number }>> {
      const answer = (await web().dnd.teamInfo({ users: users.join(',') })) as { users?: Record<string, { dnd_enabled?: boolean; next_dnd_start_ts?: number; next_dnd_end_ts?: number }> };
      return new Map(Object.entries(answer.users ?? {}).map(([id, d]) => [id, {
        enabled: d.dnd_enabled === true, ...(d.next_dnd_start_ts ? { start: d.next_dnd_start_ts } : {}), ...(d.next_dnd_end_ts ? { end: d.next_dnd_end_ts } : {}),
      }]));
    },
  };
}
