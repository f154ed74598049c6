/**
 * Who is this Teams user, as an email address? Asked of the Bot Connector with TeamsInfo.getMember
 * (email, else userPrincipalName) and cached per user, because every turn needs it.
 */
import { LRUCache } from 'lru-cache';
import { TeamsInfo, TurnContext, type Mention } from 'botbuilder';
import type { Actor } from '../../helpdesk/types';
import { teamsTexts } from '../../views/channel-texts';
import type { Logger } from '../../log';

/** What a person is told (in their language) when the channel cannot give their address; we never act as someone else. */
export function noEmailMessage(locale: string | undefined): string {
  return teamsTexts(locale).noEmail();
}

/** Resolves Teams users to help-desk actors. */
export interface IdentityResolver {
  /** The person who sent this activity, or undefined when Teams gives no email or UPN. */
  actor(context: TurnContext): Promise<Actor | undefined>;
  /** Any member of this conversation by Teams user id. */
  member(context: TurnContext, userId: string, aadObjectId?: string): Promise<Actor | undefined>;
  /** A user mentioned in this activity (`<at>Megan</at>`, "Megan", or a user id) resolved to an email. */
  mentioned(context: TurnContext, reference: string): Promise<{ email: string; name: string } | undefined>;
}

export interface IdentityResolverConfig {
  logger: Logger;
  /** How long a resolved address is trusted; Teams addresses rarely change. */
  ttlMs?: number;
  /** Bounded so a large tenant cannot grow it without limit. */
  maxEntries?: number;
}

/** A cached look-up; `actor` undefined = Teams gave no address (kept briefly). */
interface Entry {
  actor: Actor | undefined;
}

const AT_TAG = /<\/?at>/gi;

/** Creates the resolver with its own cache (one per channel instance). */
export function createIdentityResolver(config: IdentityResolverConfig): IdentityResolver {
  const ttl = config.ttlMs ?? 15 * 60_000;
  const cache = new LRUCache<string, Entry>({ max: config.maxEntries ?? 5000, ttl });

  async function lookup(context: TurnContext, userId: string, aadObjectId?: string): Promise<Actor | undefined> {
    const key = aadObjectId || userId;
    const hit = cache.get(key);
    if (hit) return hit.actor;
    let actor: Actor | undefined;
    try {
      const member = await TeamsInfo.getMember(context, userId);
      const email = (member.email || member.userPrincipalName || '').trim();
      actor = email.includes('@') ? { email, name: member.name || email } : undefined;
    } catch (err) {
      config.logger.warn('Teams member look-up failed', { userId, conversationId: context.activity.conversation?.id, error: err });
      // A failed look-up is not cached: it may be a passing connector error.
      return undefined;
    }
    // Misses are cached briefly too, so a person without an address does not cost a call per message.
    cache.set(key, { actor }, { ttl: actor ? ttl : Math.min(ttl, 60_000) });
    return actor;
  }

  function findMention(context: TurnContext, reference: string): Mention | undefined {
    const ref = reference.trim();
    const bare = ref.replace(AT_TAG, '').trim().toLowerCase();
    const recipient = context.activity.recipient?.id;
    return TurnContext.getMentions(context.activity)
      .filter((m) => m.mentioned?.id && m.mentioned.id !== recipient)
      .find(
        (m) =>
          m.mentioned.id === ref ||
          (m.text ?? '').toLowerCase() === ref.toLowerCase() ||
          (m.text ?? '').replace(AT_TAG, '').trim().toLowerCase() === bare ||
          (m.mentioned.name ?? '').toLowerCase() === bare,
      );
  }

  return {
    actor(context) {
      const from = context.activity.from;
      if (!from?.id) return Promise.resolve(undefined);
      return lookup(context, from.id, from.aadObjectId);
    },
    member: lookup,
    async mentioned(context, reference) {
      const mention = findMention(context, reference);
      if (!mention) return undefined;
      const actor = await lookup(context, mention.mentioned.id, (mention.mentioned as { aadObjectId?: string }).aadObjectId);
      return actor && { email: actor.email, name: actor.name };
    },
  };
}
