/** Where a command or a notification happens, as every layer names it. */

/** The chat platforms the bot speaks on. */
export type Platform = 'teams' | 'slack';

/** The kinds of conversation a command can arrive from. */
export type ConversationKind = 'personal' | 'group' | 'channel';

/** Where a command came from; channels fill this in, handlers never see platform objects. */
export interface Conversation {
  platform: Platform;
  /** Teams conversation id or Slack channel id. */
  id: string;
  kind: ConversationKind;
  /**
   * How people name a shared conversation ("#help-desk", "Help desk › General"), when the channel
   * knows it: answers sent privately for it say which conversation they are about.
   */
  title?: string;
}

/**
 * True for a conversation only the person and the bot read (a Teams 1:1 chat, a Slack DM): what
 * is said there is private anyway, and what is set there (`language`) is about that person.
 */
export function isPrivate(conversation: Pick<Conversation, 'kind'>): boolean {
  return conversation.kind === 'personal';
}
