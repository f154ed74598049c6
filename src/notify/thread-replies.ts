/**
 * Two-way threads: a reply under a ticket card (Slack thread, Teams card thread) becomes a
 * comment on that ticket. Requesters' replies are public comments; agents choose with a `note` or
 * `reply` prefix, public by default. An agent's message that starts with a ticket command
 * (`claim`, `priority High`, `resolve done`, with or without the id) runs that command on the
 * card's ticket instead and is not stored. Anyone forces a comment with `reply:`. The answer
 * says which it became. Channel-neutral: Teams and Slack both call this.
 */
import { translator, type Translate } from '../i18n';
import { errorText } from '../helpdesk/error-messages';
import { commandNamed, handleText, parseTicketId } from '../commands';
import type { ChannelPorts, Reply } from '../commands/types';
import type { ConversationPorts } from '../core';
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
  /** What the message became: a command run on the ticket, or a comment (public or internal). */
  became?: 'command' | 'comment';
  /** For a command: its full reply, which the channel shows by its visibility (a card, a private answer). */
  reply?: Reply;
}

/** Turns a thread reply into a comment; undefined when the parent is not a ticket card of ours. */
export type ThreadReplyHandler = (
  platform: Platform,
  conversationId: string,
  parentMessageId: string,
  actor: Actor,
  text: string,
  /** The channel's look-ups for commands (mentions in `assign`). */
  channel?: ChannelPorts,
  /** The writer's language as their platform gave it ('de-DE'); the answer uses it. */
  locale?: string,
) => Promise<ThreadReplyResult | undefined>;

/** Options for createThreadReplyHandler. */
export interface ThreadReplyConfig {
  store: Store;
  helpdesk: HelpdeskService;
  logger: Logger;
  /** The fast lane: the reply is told elsewhere at once (never in the thread it came from). */
  wrote?(written: FastLaneInput): Promise<void>;
  /** So commands run from a thread record who acted, like typed ones. */
  notifications?: ConversationPorts;
}

const PREFIX = /^\s*(note|reply)\b\s*(:?)\s*/i;

/** `claim` -> `claim 12`; `priority High` -> `priority 12 High`; an id typed stays as typed. */
export function withTicket(text: string, ticketId: number): { name: string; text: string } | undefined {
  const m = /^\s*(\S+)(?:\s+([\s\S]*))?$/.exec(text);
  if (!m) return undefined;
  const command = commandNamed(m[1]);
  // Only commands declared for threads run there (`new` there is a word, not a command).
  if (!command?.inThread) return undefined;
  const rest = (m[2] ?? '').trim();
  const first = rest.split(/\s+/)[0] ?? '';
  if (parseTicketId(first) !== undefined) return { name: command.name, text: `${command.name} ${rest}` };
  return { name: command.name, text: `${command.name} ${ticketId}${rest ? ` ${rest}` : ''}` };
}

/** One line for channels that show only text (Slack's ephemeral answer): what the command did. */
function summary(name: string, ticketId: number, reply: Reply, t: Translate): { ok: boolean; text: string } {
  const view = reply.view;
  const id = ticketId;
  if (view.type === 'error') return { ok: false, text: t('notify:thread.commandFailed', { command: name, id, message: view.error.message, hint: t('notify:thread.notAComment') }) };
  if (view.type === 'ticket') {
    const said = view.ticket.notice?.text ?? t('notify:thread.hereIs', { id: view.ticket.id });
    return { ok: view.ticket.notice?.tone !== 'error', text: t('notify:thread.ran', { command: name, id, said }) };
  }
  if (view.type === 'confirmation') return { ok: true, text: t('notify:thread.ran', { command: name, id, said: view.confirmation.message }) };
  return { ok: true, text: t('notify:thread.ranQuietly', { command: name, id }) };
}

/** Creates `handleThreadReply`, to be called from the channels' thread-reply hooks. */
export function createThreadReplyHandler(config: ThreadReplyConfig): ThreadReplyHandler {
  const { store, helpdesk, logger } = config;
  return async function handleThreadReply(platform, conversationId, parentMessageId, actor, text, channel = {}, locale) {
    const t = translator(locale);
    const card = await store.findPostedMessage(platform, conversationId, parentMessageId);
    if (!card) return undefined;
    const ticketId = card.ticketId;
    const prefix = PREFIX.exec(text);
    let internal = false;
    let body = text.trim();
    const command = prefix ? undefined : withTicket(text, ticketId);
    // Asked only when it matters: a prefix to honour or a command to run.
    // An agents list the service cannot read (it logged why): the reply is taken as a requester's, a public comment, never a note.
    const agent = prefix || command ? await helpdesk.isAgent(actor.email).catch(() => false) : false;
    if (command && agent) {
      const reply = await handleText({ actor, helpdesk, conversation: { platform, id: conversationId, kind: 'channel' }, channel, notifications: config.notifications, locale, logger }, command.text);
      return { ticketId, became: 'command', reply, ...summary(command.name, ticketId, reply, t) };
    }
    if (prefix) {
      // Agents choose note or reply; anyone else may force a comment with `reply:`. For a
      // requester "note" is just the first word of their message.
      const kind = prefix[1].toLowerCase();
      if (agent || (kind === 'reply' && prefix[2] === ':')) {
        internal = agent && kind === 'note';
        body = text.slice(prefix[0].length).trim();
      }
    }
    if (!body) {
      return { ticketId, ok: false, text: t('notify:thread.empty', { id: ticketId }) };
    }
    try {
      const { comment, ticket } = await helpdesk.commentOn(actor, ticketId, body, { internal, withComments: false });
      const origin = { platform, conversationId };
      await store.recordAction({ kind: 'comment', itemId: comment.id, actorEmail: actor.email, origin });
      await config.wrote?.({ actorEmail: actor.email, comments: [{ comment, ticket }], origin });
      return { ticketId, ok: true, internal, became: 'comment', text: t(internal ? 'notify:thread.addedNote' : 'notify:thread.addedReply', { id: ticketId }) };
    } catch (err) {
      if (err instanceof HelpdeskError) return { ticketId, ok: false, text: errorText(err, t) };
      logger.warn('thread reply could not be added as a comment', { ticketId, platform, error: err });
      return { ticketId, ok: false, text: t('notify:thread.failed', { id: ticketId }) };
    }
  };
}
