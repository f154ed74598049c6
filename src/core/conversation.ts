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
}
