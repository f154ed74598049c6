/**
 * Two-way threads: a reply under a ticket card (Slack thread, Teams card thread) becomes a
 * comment on that ticket. Requesters' replies are public; agents choose with a `note` or
 * `reply` prefix, public by default.
 */
import { HelpdeskError, type Actor, type HelpdeskService } from '../helpdesk/types';
import type { Logger } from '../log';
import type { Platform, Store } from '../store/types';
import type { FastLaneInput } from './poller';

/** What to answer in the thread; `ok` false means nothing was added and `text` says why. */
export interface ThreadReplyResult {
  ticketId: number;
  ok: boolean;
  text: string;
  internal?: boolean;
}

/** Turns a thread reply into a comment; undefined when the parent is not a ticket card of ours. */
export type ThreadReplyHandler = (
  platform: Platform,
  conversationId: string,
  parentMessageId: string,
  actor: Actor,
  text: string,
) => Promise<ThreadReplyResult | undefined>;

/** Options for createThreadReplyHandler. */
export interface ThreadReplyConfig {
  store: Store;
  helpdesk: HelpdeskService;
  logger: Logger;
  /** The fast lane: the reply is told elsewhere at once (never in the thread it came from). */
  wrote?(written: FastLaneInput): Promise<void>;
}

const PREFIX = /^\s*(note|reply)\b\s*:?\s*/i;

/** Creates `handleThreadReply`, to be called from the channels' thread-reply hooks. */
export function createThreadReplyHandler(config: ThreadReplyConfig): ThreadReplyHandler {
  const { store, helpdesk, logger } = config;
  return async function handleThreadReply(platform, conversationId, parentMessageId, actor, text) {
    const card = await store.findPostedMessage(platform, conversationId, parentMessageId);
    if (!card) return undefined;
    const ticketId = card.ticketId;
    const prefix = PREFIX.exec(text);
    let internal = false;
    let body = text.trim();
    if (prefix) {
      const agent = await helpdesk.isAgent(actor.email).catch(() => false);
      // Only agents choose; for anyone else "note" is just the first word of their message.
      if (agent) {
        internal = prefix[1].toLowerCase() === 'note';
        body = text.slice(prefix[0].length).trim();
      }
    }
    if (!body) {
      return { ticketId, ok: false, text: `Nothing to add to #${ticketId}: write your text after \`reply\` or \`note\`.` };
    }
    try {
      const { comment, ticket } = await helpdesk.commentOn(actor, ticketId, body, { internal, withComments: false });
      const origin = { platform, conversationId };
      await store.recordAction({ kind: 'comment', itemId: comment.id, actorEmail: actor.email, origin });
      await config.wrote?.({ actorEmail: actor.email, comments: [{ comment, ticket }], origin });
      return { ticketId, ok: true, internal, text: `Added ${internal ? 'an internal note' : 'a public reply'} to #${ticketId}.` };
    } catch (err) {
      if (err instanceof HelpdeskError) return { ticketId, ok: false, text: err.message };
      logger.warn('thread reply could not be added as a comment', { ticketId, platform, error: err });
      return { ticketId, ok: false, text: `Could not add your reply to #${ticketId} right now; please try again in a minute.` };
    }
  };
}
