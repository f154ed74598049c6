/**
 * How people name the Teams conversation of a turn ("Help desk › Printers"), so an answer sent to
 * someone's private chat can say which channel it is about. A message names its channel only by id,
 * so the names are asked of the Bot Connector (TeamsInfo) once per channel and cached.
 */
import { LRUCache } from 'lru-cache';
import { TeamsInfo, type TurnContext } from 'botbuilder';
import type { Logger } from '../../log';
import { teamsChannelId } from './conversation-ids';

const TITLE = Symbol('helpdesk.conversationTitle');
/** A team or channel the bot cannot see is asked again after this long (it may be added). */
const UNKNOWN_TTL_MS = 10 * 60_000;
/** A channel's name is asked again after this long, so a renamed channel is named anew. */
const KNOWN_TTL_MS = 6 * 60 * 60_000;

interface ChannelData {
  team?: { id?: string; name?: string };
  channel?: { id?: string; name?: string };
}

/** Looks up and remembers conversation titles; one per Teams channel instance. */
export interface ConversationTitles {
  /** Decides the title of this turn's conversation; never throws (an unknown title is left out). */
  resolve(context: TurnContext): Promise<void>;
}

/** The title resolve() found for this turn, if any. */
export function titleOf(context: TurnContext): string | undefined {
  return context.turnState?.get(TITLE) as string | undefined;
}

/** "Team › Channel", or whichever of the two is known (the General channel has no name of its own). */
function joined(team: string | undefined, channel: string | undefined): string | undefined {
  if (team && channel) return `${team} › ${channel}`;
  return channel || team || undefined;
}

export function createConversationTitles(logger: Logger): ConversationTitles {
  // Value '' marks a channel whose names the connector does not give (cached briefly, as a miss).
  const cache = new LRUCache<string, string>({ max: 2000 });

  async function lookUp(context: TurnContext, teamId: string, channelId: string): Promise<string | undefined> {
    const hit = cache.get(channelId);
    if (hit !== undefined) return hit || undefined;
    try {
      const [channels, team] = await Promise.all([TeamsInfo.getTeamChannels(context, teamId), TeamsInfo.getTeamDetails(context, teamId)]);
      const title = joined(team?.name, channels.find((c) => c.id === channelId)?.name) ?? '';
      cache.set(channelId, title, { ttl: title ? KNOWN_TTL_MS : UNKNOWN_TTL_MS });
      return title || undefined;
    } catch (err) {
      const status = (err as { statusCode?: unknown })?.statusCode;
      if (status === 403 || status === 404) {
        // The bot is not in that team (or may not read it): answers use "this conversation".
        cache.set(channelId, '', { ttl: UNKNOWN_TTL_MS });
        return undefined;
      }
      // A passing connector error: not cached, the next turn asks again; this answer reads without the name.
      logger.warn('Teams channel name look-up failed', { channelId, error: err });
      return undefined;
    }
  }

  return {
    async resolve(context) {
      const c = context.activity.conversation;
      if (c?.conversationType === 'groupChat' && c.name) return void context.turnState.set(TITLE, c.name);
      if (c?.conversationType !== 'channel') return;
      const data = (context.activity.channelData ?? {}) as ChannelData;
      const channelId = teamsChannelId(c.id ?? '');
      const given = data.channel?.name ? joined(data.team?.name, data.channel.name) : undefined;
      const teamId = data.team?.id;
      const title = given ?? (teamId && channelId ? await lookUp(context, teamId, channelId) : undefined);
      if (title) context.turnState.set(TITLE, title);
    },
  };
}
